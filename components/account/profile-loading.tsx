'use client';

import { useTranslations } from 'next-intl';
import { Spinner } from '@/components/ui/spinner';

/** While the profile's data is on its way, or when it could not be had. */
export function ProfileLoading({ failed = false }: { failed?: boolean }) {
  const common = useTranslations('common');
  const errors = useTranslations('errors');
  if (failed) return <p role="alert">{errors('genericShort')}</p>;
  return (
    <p role="status">
      <Spinner /> {common('loading')}
    </p>
  );
}
