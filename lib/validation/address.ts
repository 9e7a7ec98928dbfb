import { z } from '@/lib/validation/zod';

/** The levels of the address cascade, in order; each names the level of the `parent_id` it is asked with. */
export const addressLevels = [
  'province',
  'district',
  'township',
  'village',
  'neighborhood',
  'street',
  'building',
  'floor',
] as const;
export type AddressLevel = (typeof addressLevels)[number];

/** `type` of the infrastructure call: the level of `parent_id`; `apartment` asks for the result of a BBK code. */
export const infrastructureQueryTypes = [
  'city',
  'district',
  'township',
  'village',
  'neighborhood',
  'street',
  'building',
  'apartment',
] as const;
export type InfrastructureQueryType = (typeof infrastructureQueryTypes)[number];

const addressId = z.union([z.number().int().nonnegative(), z.string().regex(/^[\w-]{1,64}$/)], {
  message: 'required',
});

export const infrastructureQuerySchema = z.object({
  type: z.enum(infrastructureQueryTypes),
  parent_id: addressId,
});
export type InfrastructureQuery = z.infer<typeof infrastructureQuerySchema>;

/** register-step-1 and, with the form hash, transfer-register-step-2: every level plus the BBK code. */
export const addressBodySchema = z.object({
  address_province: addressId,
  address_district: addressId,
  address_township: addressId,
  address_village: addressId,
  address_neighborhood: addressId,
  address_street: addressId,
  address_building: addressId,
  address_floor: addressId,
  address_bbk: addressId,
});
export type AddressBody = z.infer<typeof addressBodySchema>;
