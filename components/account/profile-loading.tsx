'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** While the profile's data is on its way, or when it could not be had (then with 'Tekrar dene' where given). */
export function ProfileLoading({ failed = false, onRetry }: { failed?: boolean; onRetry?: () => void }) {
  const common = useTranslations('common');
  const errors = useTranslations('errors');
  if (failed) {
    return (
      <div role="alert">
        <p>{errors('genericShort')}</p>
        {onRetry ? (
          <Button variant="secondary" size="small" onClick={onRetry}>
            {errors('retry')}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <p role="status">
      <Spinner /> {common('loading')}
    </p>
  );
}
