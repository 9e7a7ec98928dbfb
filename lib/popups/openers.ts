import type { SessionUser } from '@/lib/api/types';
import type { ConsentKind } from '@/lib/validation/consents';

/**
 * The popups one feature opens for another, by name, and what each opener takes: the contract
 * between the features that own them and those that open them. The app layer fills it in
 * (app/popup-registry.tsx); components/popups/registry.ts hands the openers out. Types only, so
 * no feature imports another to open its popup.
 */

export interface LoginPopupOptions {
  /** The TC kimlik no to fill in (from the registered-user popup,
   * docs/decisions/0010-where-the-spec-is-silent.md). */
  nationalityNumber?: string;
  /** Opens the profile once logged in (default); a flow that carries on after the login says no. */
  openProfile?: boolean;
}

export interface RegisteredUserOptions {
  /** The TC kimlik no the visitor typed; the login popup opens with it filled in. */
  nationalityNumber: string;
  /** The step's refusal (`details.registered_user`): its message, unless missing or a generic fallback, is shown instead of the popup's own text. */
  refusal?: unknown;
}

export interface ContactPrefill {
  fullname?: string;
  phone?: string;
  message?: string;
}

export interface PopupOpeners {
  /** Answers the customer once logged in, or null when the popup was closed first. */
  login: (options?: LoginPopupOptions) => Promise<SessionUser | null>;
  inquiry: () => string;
  profile: () => void;
  /** Answers the customer when the visitor logged in through it, else null. */
  registeredUser: (options: RegisteredUserOptions) => Promise<SessionUser | null>;
  consentText: (kind: ConsentKind) => string;
  /** `reason` says why a flow opened it (the transfer wizard's last error). */
  contactForm: (prefill?: ContactPrefill, reason?: string) => string;
}

export type PopupName = keyof PopupOpeners;

/** How the app layer declares one popup: its feature's opener hook, and what starts loading its code. */
export type PopupTable = { [N in PopupName]: { useOpen: () => PopupOpeners[N]; preload?: () => void } };
