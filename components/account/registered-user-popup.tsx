'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { useLoginPopup } from '@/components/account/login-popup';
import { useChoice } from '@/components/popups/dialogs';
import styles from '@/components/popups/popups.module.css';
import { useErrorText } from '@/components/ui/error-text';
import { errorText } from '@/lib/api/error-message';
import type { SessionUser } from '@/lib/api/types';
import type { PopupOpeners, RegisteredUserOptions } from '@/lib/popups/openers';

/**
 * The registered-user popup of spec §2/§8: the TC number is already registered; 'Giriş Yap' opens
 * the login popup with `nationalityNumber` filled in
 * (docs/decisions/0010-where-the-spec-is-silent.md), 'Vazgeç' closes. Answers the
 * user when the visitor logged in through it, else null.
 */
export function useRegisteredUserPopup(): PopupOpeners['registeredUser'] {
  const choose = useChoice();
  const openLogin = useLoginPopup();
  const t = useTranslations('registeredUser');
  const common = useTranslations('common');
  const errors = useTranslations('errors');
  const callText = useErrorText().ofCall;
  return useCallback(
    async ({ nationalityNumber, refusal }: RegisteredUserOptions): Promise<SessionUser | null> => {
      // The refusal's own words say more than ours; a generic fallback says less.
      const told = errorText(refusal);
      const generic = ['generic', 'genericShort', 'bare', 'invalidRequest'] as const;
      const ownWords = 'text' in told && !generic.some((key) => errors(key) === told.text);
      const choice = await choose<'login' | 'cancel'>({
        id: 'registered-user',
        title: t('title'),
        message: (
          <>
            <p className={styles.message}>{ownWords ? callText(refusal) : t('text')}</p>
            <p className={styles.message}>{t('account')}</p>
          </>
        ),
        choices: [
          { value: 'login', label: t('login') },
          { value: 'cancel', label: common('cancel') },
        ],
        dismissValue: 'cancel',
      });
      // The application carries on after the login, so the profile does not open over it.
      return choice === 'login' ? openLogin({ nationalityNumber, openProfile: false }) : null;
    },
    [choose, openLogin, t, common, errors, callText],
  );
}
