'use client';

import { useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useId, useState } from 'react';
import useSWR from 'swr';
import { StepActions, StepForm, useFocusOnFailure } from '@/components/application/step-form';
import styles from '@/components/application/wizard.module.css';
import { InfrastructureResultView } from '@/components/application/infrastructure-result';
import { useErrorText } from '@/components/ui/error-text';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { ErrorSummary } from '@/components/ui/error-summary';
import { titled } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { useTurkishData } from '@/components/ui/page-language';
import { callApi } from '@/lib/api/client';
import type { InfrastructureResult, Option } from '@/lib/api/types';
import {
  type Address,
  autoSelectedLevels,
  connectionTypeOf,
  firstMissingLevel,
  isOtherDistrict,
  OTHER_DISTRICT_VALUE,
  queryTypeOfParent,
  selectAddressLevel,
} from '@/lib/application/draft';
import { type AddressLevel, addressLevels, type InfrastructureQueryType } from '@/lib/validation/address';

/** Lists the level below `parent`; SWR keeps every list for the visit. */
async function fetchChildren([, type, parentId]: readonly [string, InfrastructureQueryType, Option['value']]) {
  const { data } = await callApi('infrastructure', { type, parent_id: parentId });
  return Array.isArray(data) ? data : [];
}

async function fetchInfrastructure([, bbk]: readonly [string, Option['value']]) {
  const { data } = await callApi('infrastructure', { type: 'apartment', parent_id: bbk });
  if (!data || Array.isArray(data)) throw new Error('no infrastructure result');
  return data;
}

const swrOptions = { revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false } as const;

/** One level of the cascade: shown once its options have loaded; single options of some levels are taken silently. */
function AddressLevelSelect({
  level,
  parent,
  address,
  onSelect,
  id,
  error,
}: {
  level: AddressLevel;
  parent: { level: AddressLevel; value: Option['value'] };
  address: Address;
  onSelect: (level: AddressLevel, option: Option) => void;
  id: string;
  error?: ReactNode;
}) {
  const t = useTranslations('application.address');
  const tErrors = useTranslations('errors');
  const turkish = useTurkishData();
  const { data, error: listFailed, isLoading, mutate } = useSWR(
    ['infrastructure', queryTypeOfParent[parent.level], parent.value] as const,
    fetchChildren,
    swrOptions,
  );
  const single = data?.length === 1 && autoSelectedLevels.includes(level) ? data[0] : undefined;

  useEffect(() => {
    if (single && address[level]?.value !== single.value) onSelect(level, single);
  }, [single, address, level, onSelect]);

  if (isLoading) {
    return (
      <p className={styles.loadingLevel} role="status">
        {t('loadingLevel', { level: t(`levels.${level}`) })}
      </p>
    );
  }
  if (listFailed) {
    return (
      <Notice tone="danger" title={tErrors('addressList')}>
        <Button variant="secondary" size="small" onClick={() => mutate()}>
          {tErrors('retry')}
        </Button>
      </Notice>
    );
  }
  if (!data || single) return null;
  return (
    <Combobox
      id={id}
      error={error}
      autoFocus={error !== undefined}
      optionsLang={turkish}
      label={t(`levels.${level}`)}
      options={level === 'district' ? [...data, { value: OTHER_DISTRICT_VALUE, text: t('otherDistrict') }] : data}
      value={address[level]?.value ?? null}
      onChange={(option) => onSelect(level, option)}
      placeholder={t('placeholder')}
      noMatches={t('noMatches')}
      moreMatches={(count) => t('moreMatches', { count })}
    />
  );
}

/**
 * Step 1 of a new application (step 2 of a transfer): the eight-level address cascade and, for a
 * new line, the infrastructure of the chosen inner door.
 */
export function AddressStep({
  provinces,
  address,
  checkCoverage,
  submitting,
  onChange,
  onInfrastructure,
  onSubmit,
  onContactUs,
}: {
  provinces: readonly Option[];
  address: Address;
  /** The new flow shows the door's infrastructure and stops on unsuitable lines; a transfer does not. */
  checkCoverage: boolean;
  submitting: boolean;
  onChange: (address: Address) => void;
  onInfrastructure: (result: InfrastructureResult | null) => void;
  onSubmit: () => void;
  /** A district the list does not have ('Diğer'): the contact form, about this province. */
  onContactUs: () => void;
}) {
  const t = useTranslations('application.address');
  const callText = useErrorText().ofCall;
  const turkish = useTurkishData();
  const formId = useId();
  const levelId = (level: AddressLevel) => `${formId}-${level}`;
  // After a failed submit: the first level still to choose, or 'coverage' when only the door's
  // infrastructure is unknown (its call failed).
  const [missing, setMissing] = useState<AddressLevel | 'coverage' | null>(null);
  const failed = useFocusOnFailure(missing && missing !== 'coverage' ? levelId(missing) : undefined);
  const door = address.floor?.value;
  const infrastructure = useSWR(checkCoverage && door !== undefined ? (['apartment', door] as const) : null, fetchInfrastructure, swrOptions);

  useEffect(() => {
    if (checkCoverage) onInfrastructure(infrastructure.data ?? null);
  }, [checkCoverage, infrastructure.data, onInfrastructure]);

  const select = (level: AddressLevel, option: Option) => {
    setMissing(null);
    onChange(selectAddressLevel(address, level, option));
  };

  const otherDistrict = isOtherDistrict(address);
  // Each level shows once the one above is chosen; nothing below a district the list does not have.
  const levelsToShow = addressLevels
    .slice(1)
    .filter((level, index) => address[addressLevels[index]!] !== undefined && !(otherDistrict && level !== 'district'));
  // Only a known result can close the way on; until then 'Paket Seç' explains what is missing.
  const suitable = !checkCoverage || !infrastructure.data || connectionTypeOf(infrastructure.data) !== null;
  // While the door's infrastructure is being checked there is nothing to submit yet.
  const checking = checkCoverage && door !== undefined && infrastructure.isLoading;
  // The spec's 'Eksik Bilgi Girişi', once, at the level to choose; the summary above links to it.
  const missingMessage = titled(t('missingTitle'), t('missingText'));
  const errorOf = (level: AddressLevel) => (missing === level ? missingMessage : undefined);

  return (
    <StepForm
      onSubmit={() => {
        const level = firstMissingLevel(address);
        const found = level ?? (checkCoverage && !infrastructure.data ? 'coverage' : null);
        setMissing(found);
        if (found) failed();
        else onSubmit();
      }}
    >
      <h2>{t('heading')}</h2>
      <p className={styles.lead}>{t('lead')}</p>
      {missing && missing !== 'coverage' ? <ErrorSummary items={[{ id: levelId(missing), label: t(`levels.${missing}`) }]} /> : null}
      <div className={styles.addressGrid}>
        <Combobox
          id={levelId('province')}
          error={errorOf('province')}
          optionsLang={turkish}
          label={t('levels.province')}
          options={provinces}
          value={address.province?.value ?? null}
          onChange={(option) => select('province', option)}
          placeholder={t('placeholder')}
          noMatches={t('noMatches')}
          moreMatches={(count) => t('moreMatches', { count })}
        />
        {levelsToShow.map((level) => {
          const parentLevel = addressLevels[addressLevels.indexOf(level) - 1]!;
          return (
            <AddressLevelSelect
              key={`${level}-${address[parentLevel]!.value}`}
              level={level}
              parent={{ level: parentLevel, value: address[parentLevel]!.value }}
              address={address}
              onSelect={select}
              id={levelId(level)}
              error={errorOf(level)}
            />
          );
        })}
      </div>

      {checkCoverage && door !== undefined ? (
        infrastructure.error ? (
          <Notice tone="danger" title={callText(infrastructure.error)} />
        ) : (
          <InfrastructureResultView result={infrastructure.data ?? null} />
        )
      ) : null}

      {missing === 'coverage' ? <Notice tone="danger" title={t('missingTitle')}>{t('missingText')}</Notice> : null}

      {otherDistrict ? (
        <Notice title={t('otherDistrictTitle')}>
          <p>{t('otherDistrictText')}</p>
          <Button variant="secondary" size="small" onClick={onContactUs}>
            {t('contactUs')}
          </Button>
        </Notice>
      ) : null}

      <StepActions>
        {suitable && !otherDistrict ? (
          <Button type="submit" disabled={submitting || checking} aria-busy={submitting || checking || undefined}>
            {t('submit')}
          </Button>
        ) : null}
      </StepActions>
    </StepForm>
  );
}
