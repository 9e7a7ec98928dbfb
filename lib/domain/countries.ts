import type { Country } from '@/lib/api/types';

/** Spec §9: the nationality is TR by default; its name as the sandbox and the spec's audience write it. */
export const TURKIYE: Country = { code: 'TR', name: 'Türkiye' };

function usable(list: unknown): Country[] {
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is Country => typeof item?.code === 'string' && item.code !== '' && typeof item?.name === 'string' && item.name !== '',
  );
}

/**
 * The nationality choices: the countries of `GET /app-settings/countries` (spec §7), else the
 * settings' list (spec §3), each code once, Türkiye first (and there even when neither list names
 * it), so the default of spec §9 is the first option. Either list may be missing or malformed.
 */
export function nationalityOptions(fromCall: unknown, fromSettings: unknown): Country[] {
  const called = usable(fromCall);
  const list = called.length > 0 ? called : usable(fromSettings);
  const seen = new Set<string>();
  const unique = list.filter((country) => !seen.has(country.code) && seen.add(country.code));
  const turkiye = unique.find((country) => country.code === TURKIYE.code) ?? TURKIYE;
  return [turkiye, ...unique.filter((country) => country.code !== TURKIYE.code)];
}
