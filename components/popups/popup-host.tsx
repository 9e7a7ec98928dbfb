'use client';

import { NextIntlClientProvider, useTranslations } from 'next-intl';
import { Suspense, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { focusInitial, type PopupItem, usePopupStack } from '@/components/popups/popup-provider';
import styles from '@/components/popups/popups.module.css';
import { useCurrentUser } from '@/components/session/session-provider';
import { Spinner } from '@/components/ui/spinner';
import { popupSize } from '@/lib/popups/stack';

/** Draws the open popups, oldest first, so the newest is on top of the top layer. */
export function PopupHost() {
  const { stack } = usePopupStack();
  const { user } = useCurrentUser();
  return stack.map((item) => <PopupDialog key={item.id} item={item} loggedIn={user !== null} />);
}

/** Runs once its Suspense boundary has shown the content (lazy content has loaded). */
function WhenShown({ onShown }: { onShown: () => void }) {
  useEffect(() => onShown(), [onShown]);
  return null;
}

function PopupDialog({ item, loggedIn }: { item: PopupItem; loggedIn: boolean }) {
  const t = useTranslations('common');
  const { registerDialog, requestClose, closedNatively } = usePopupStack();
  const dialogRef = useRef<HTMLDialogElement | null>(null);
  const { id, options, closing } = item;
  const domId = `popup-${id.replace(/[^\w-]/g, '_')}`;
  const titleId = `${domId}-title`;
  const descriptionId = `${domId}-description`;
  const size = popupSize(options.size, loggedIn);

  const setDialog = useCallback(
    (element: HTMLDialogElement | null) => {
      dialogRef.current = element;
      registerDialog(id, element);
    },
    [id, registerDialog],
  );

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    focusInitial(dialog);
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

  // Lazy content arrives after the dialog opened: move focus to its first field unless the user moved it.
  const onShown = useCallback(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const active = document.activeElement;
    const idle = !active || active === document.body || active === dialog || Boolean(active.closest('[data-popup-close]'));
    if (idle) focusInitial(dialog);
  }, []);

  const close = useCallback(() => requestClose(id), [id, requestClose]);

  return (
    <dialog
      ref={setDialog}
      id={domId}
      data-popup-id={id}
      data-size={size}
      data-closing={closing ? '' : undefined}
      className={styles.popup}
      role={options.alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={options.alert ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: play the close animation instead of vanishing (the browser may insist; see onClose).
        event.preventDefault();
        close();
      }}
      onClose={(event) => {
        // Our own close (animation done) or React StrictMode's effect replay (open again by now) are not the browser's.
        if (!closing && !event.currentTarget.open) closedNatively(id);
      }}
    >
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {options.title}
        </h2>
        <button type="button" className={styles.close} data-popup-close aria-label={t('close')} onClick={close}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className={styles.body} data-popup-body>
        <Suspense
          fallback={
            <div className={styles.pending} role="status">
              <Spinner />
              <span className="visually-hidden">{t('loading')}</span>
            </div>
          }
        >
          {options.texts ? (
            // The texts of the tree that opened it (the wizard's page carries more than the layout). Always
            // wrapped, so a refreshed layout never changes the tree and remounts what the popup holds.
            <NextIntlClientProvider locale={options.texts.locale} messages={options.texts.messages}>
              {options.render({ id, close, descriptionId })}
            </NextIntlClientProvider>
          ) : (
            options.render({ id, close, descriptionId })
          )}
          <WhenShown onShown={onShown} />
        </Suspense>
      </div>
    </dialog>
  );
}
