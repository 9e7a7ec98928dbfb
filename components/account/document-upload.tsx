'use client';

import { useTranslations } from 'next-intl';
import { type DragEvent, type FormEvent, useId, useRef, useState } from 'react';
import { useChoice, useErrorDialog } from '@/components/popups/dialogs';
import { downscalePhoto, sniffFile } from '@/components/account/image-files';
import styles from '@/components/account/profile.module.css';
import { Button, linkClass } from '@/components/ui/button';
import { callApi } from '@/lib/api/client';
import { UPLOAD_MAX_BYTES, type UploadRejection } from '@/lib/domain/uploads';
import { checkFileChoice } from '@/lib/profile/file-choice';
import { useSizes } from '@/components/ui/page-language';

/** What the file dialog offers; the first bytes are checked again after the choice. */
const ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';

export interface UploadSlot {
  /** The multipart field name (spec §7). */
  field: string;
  label: string;
}

interface Chosen {
  /** What will be sent: the file itself, or its downscaled copy. */
  file: File;
  /** The name the customer chose, which duplicates are checked against. */
  name: string;
  /** The size before downscaling, when the photo had to be made smaller. */
  originalSize?: number;
}

/**
 * Two documents sent together (identity front and back; tax plate and signature circular) with
 * the upload rules of spec §5 checked before anything is sent: PDF, JPEG or PNG by their first
 * bytes, one file per input, no two files with the same name, at most 4 MB. Photos over the limit
 * are made smaller in the browser; PDFs over it are refused. Send is enabled once both are chosen.
 * After a successful upload `onUploaded` runs (to show the new status), then 'Dosyalar Yüklend'.
 */
export function DocumentUpload({
  call,
  legend,
  slots,
  fields,
  disabled = false,
  onUploaded,
}: {
  call: 'uploadNationalityDocs' | 'uploadSubscriptionDocs';
  legend: string;
  slots: readonly [UploadSlot, UploadSlot];
  /** Text fields sent along (subscription_id). */
  fields?: Record<string, string>;
  /** Shown but not usable (identity in approval, spec §4). */
  disabled?: boolean;
  onUploaded: () => Promise<unknown>;
}) {
  const t = useTranslations('profile.upload');
  const sizes = useSizes();
  const errors = useTranslations('errors');
  const common = useTranslations('common');
  const showError = useErrorDialog();
  const choose = useChoice();
  const id = useId();
  const [chosen, setChosen] = useState<Record<string, Chosen | undefined>>({});
  const [problems, setProblems] = useState<Record<string, string | undefined>>({});
  const [resizing, setResizing] = useState<Record<string, boolean>>({});
  const [uploading, setUploading] = useState(false);
  // The latest choice per input: a slow downscale of an earlier choice must not overwrite it.
  const attempts = useRef<Record<string, number>>({});

  const allChosen = slots.every((slot) => chosen[slot.field]);
  const busy = uploading || slots.some((slot) => resizing[slot.field]);
  const hintId = `${id}-hint`;
  const needBothId = `${id}-need-both`;

  const rejection = (reason: UploadRejection) => {
    switch (reason) {
      case 'count':
        return errors('fileCount', { count: 1 });
      case 'size':
        return errors('fileTooLarge');
      case 'duplicate':
        return `${errors('fileType')} ${t('duplicate')}`;
      case 'type':
        return errors('fileType');
    }
  };

  const update = (field: string, next: Chosen | undefined, problem?: string) => {
    setChosen((current) => ({ ...current, [field]: next }));
    setProblems((current) => ({ ...current, [field]: problem }));
  };

  const pick = async (slot: UploadSlot, files: File[]) => {
    if (disabled || uploading || files.length === 0) return;
    const attempt = (attempts.current[slot.field] ?? 0) + 1;
    attempts.current[slot.field] = attempt;
    const current = () => attempts.current[slot.field] === attempt;

    const others = slots
      .filter((other) => other.field !== slot.field)
      .flatMap((other) => {
        const file = chosen[other.field];
        return file ? [{ name: file.name, size: file.file.size, type: file.file.type }] : [];
      });
    const first = files[0]!;
    const sniffed = files.length === 1 ? await sniffFile(first) : null;
    const decision = checkFileChoice(others, files, sniffed);
    if (!current() || !decision) return;
    if (decision.kind === 'reject') return update(slot.field, undefined, rejection(decision.reason));
    if (decision.kind === 'accept') return update(slot.field, { file: first, name: first.name });

    update(slot.field, undefined);
    setResizing((state) => ({ ...state, [slot.field]: true }));
    const smaller = await downscalePhoto(first);
    if (!current()) return;
    setResizing((state) => ({ ...state, [slot.field]: false }));
    if (smaller) update(slot.field, { file: smaller, name: first.name, originalSize: first.size });
    else update(slot.field, undefined, errors('fileTooLarge'));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled || busy || !allChosen) return;
    const body = new FormData();
    for (const [name, value] of Object.entries(fields ?? {})) body.append(name, value);
    for (const slot of slots) {
      const { file } = chosen[slot.field]!;
      body.append(slot.field, file, file.name);
    }
    setUploading(true);
    try {
      await callApi(call, body);
    } catch (error) {
      setUploading(false);
      await showError(error);
      return;
    }
    // The new status first, so it is what the customer sees behind the success dialog.
    await onUploaded().catch(() => undefined);
    setUploading(false);
    setChosen({});
    await choose({
      id: 'upload-success',
      title: t('successTitle'),
      message: t('successText'),
      choices: [{ value: true, label: common('ok') }],
      dismissValue: true,
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={styles.upload}>
      <fieldset disabled={disabled} className={styles.uploadSet}>
        <legend className={styles.legend}>{legend}</legend>
        <p id={hintId} className={styles.hint}>
          {t('hint', { size: sizes.megabytes(UPLOAD_MAX_BYTES) })}
        </p>
        <div className={styles.slots}>
          {slots.map((slot) => (
            <FileSlot
              key={slot.field}
              id={`${id}-${slot.field}`}
              hintId={hintId}
              slot={slot}
              chosen={chosen[slot.field]}
              problem={problems[slot.field]}
              resizing={Boolean(resizing[slot.field])}
              locked={disabled || uploading}
              onPick={(files) => void pick(slot, files)}
              onRemove={() => update(slot.field, undefined)}
            />
          ))}
        </div>
        <div role="status" className={styles.uploading}>
          {uploading ? (
            <>
              <progress aria-label={t('progress')} className={styles.progress} />
              <span>{t('uploading')}</span>
            </>
          ) : null}
        </div>
        <div className={styles.uploadActions}>
          <Button type="submit" disabled={disabled || busy || !allChosen} aria-describedby={allChosen ? undefined : needBothId}>
            {t('submit')}
          </Button>
          {allChosen ? null : (
            <p id={needBothId} className={styles.hint}>
              {t('needBoth')}
            </p>
          )}
        </div>
      </fieldset>
    </form>
  );
}

function FileSlot({
  id,
  hintId,
  slot,
  chosen,
  problem,
  resizing,
  locked,
  onPick,
  onRemove,
}: {
  id: string;
  hintId: string;
  slot: UploadSlot;
  chosen: Chosen | undefined;
  problem: string | undefined;
  resizing: boolean;
  locked: boolean;
  onPick: (files: File[]) => void;
  onRemove: () => void;
}) {
  const t = useTranslations('profile.upload');
  const sizes = useSizes();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const titleId = `${id}-title`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!locked) onPick(Array.from(event.dataTransfer.files));
  };

  return (
    <div className={styles.slot} role="group" aria-labelledby={titleId}>
      <input
        ref={input}
        type="file"
        id={id}
        name={slot.field}
        accept={ACCEPT}
        className={styles.fileInput}
        disabled={locked}
        aria-labelledby={titleId}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${hintId} ${statusId} ${errorId}`}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Cleared, so choosing the same file again after removing it is seen as a change.
          event.currentTarget.value = '';
          onPick(files);
        }}
      />
      <label
        htmlFor={id}
        className={styles.dropZone}
        data-dragging={dragging ? '' : undefined}
        data-invalid={problem ? '' : undefined}
        data-chosen={chosen ? '' : undefined}
        onDragOver={(event) => {
          event.preventDefault();
          if (!locked) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span id={titleId} className={styles.slotTitle}>
          {slot.label}
        </span>
        <span className={styles.slotAction} aria-hidden="true">
          {chosen ? t('replace') : t('choose')}
        </span>
      </label>
      {chosen ? (
        <div className={styles.chosen}>
          <span className={styles.chosenName}>{t('chosen', { name: chosen.file.name, size: sizes.file(chosen.file.size) })}</span>
          <button
            type="button"
            className={linkClass({ action: true, tall: true })}
            disabled={locked}
            onClick={() => {
              onRemove();
              input.current?.focus();
            }}
          >
            {t('remove')}
          </button>
        </div>
      ) : null}
      <p id={statusId} role="status" className={styles.slotStatus}>
        {resizing
          ? t('resizing')
          : chosen?.originalSize
            ? t('resized', { max: sizes.megabytes(UPLOAD_MAX_BYTES), from: sizes.file(chosen.originalSize), to: sizes.file(chosen.file.size) })
            : null}
      </p>
      <p id={errorId} role="alert" className={styles.slotError}>
        {problem}
      </p>
    </div>
  );
}
