import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InfrastructureResult, Option } from '@/lib/api/types';
import { addressOptions, infrastructureAnswerFor, infrastructureTypeOf, resolveBbk } from '@/sandbox/address';
import { startSandbox, type TestSandbox } from '@/sandbox/test-support';

let sb: TestSandbox;

beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb.dispose();
});

const INFRASTRUCTURE = '/v1/util/infrastructure-inquiry/infrastructure';

async function level(type: string, parent_id: number | string): Promise<Option[]> {
  const answer = await sb.call(INFRASTRUCTURE, { type, parent_id });
  expect(answer.status, `${type} ${parent_id}`).toBe(200);
  expect(answer.body.status).toBe(true);
  return answer.body.data as Option[];
}

describe('address cascade over HTTP', () => {
  it('walks from a province to an apartment, with the BBK rule for every last digit', async () => {
    const districts = await level('city', 34);
    expect(districts.map((d) => d.text)).toEqual(expect.arrayContaining(['Kadıköy', 'Beşiktaş', 'Üsküdar', 'Şile']));
    const kadikoy = districts.find((d) => d.text === 'Kadıköy')!;

    const townships = await level('district', kadikoy.value);
    expect(townships).toEqual([{ value: expect.any(Number), text: 'Merkez' }]);
    const villages = await level('township', townships[0]!.value);
    expect(villages).toHaveLength(1);
    const neighbourhoods = await level('village', villages[0]!.value);
    expect(neighbourhoods.map((n) => n.text)).toEqual(expect.arrayContaining(['Caferağa Mahallesi', 'Fenerbahçe Mahallesi', 'Bostancı Mahallesi']));
    const streets = await level('neighborhood', neighbourhoods[0]!.value);
    expect(streets.length).toBeGreaterThanOrEqual(3);
    for (const street of streets) expect(street.text).toMatch(/(Caddesi|Sokak|Bulvarı)$/);
    const buildings = await level('street', streets[0]!.value);
    expect(buildings.length).toBeGreaterThanOrEqual(2);
    const doors = await level('building', buildings[0]!.value);
    expect(doors.length).toBeGreaterThanOrEqual(10);
    expect(doors.length).toBeLessThanOrEqual(14);

    const expected: Record<number, { type: 1 | 2 | 3 | null; check: (r: InfrastructureResult) => void }> = {
      0: { type: 1, check: (r) => expect(r.fiber).toMatchObject({ gbps: true }) },
      1: { type: 1, check: (r) => expect(r.fiber).toMatchObject({ gbps: null, down_speed: 100_000 }) },
      2: { type: 1, check: (r) => expect(r.fiber.down_speed).toBe(100_000) },
      3: { type: 1, check: (r) => expect(r.fiber.down_speed).toBe(100_000) },
      4: { type: 1, check: (r) => expect(r.fiber.down_speed).toBe(100_000) },
      5: { type: 1, check: (r) => expect(r.fiber.down_speed).toBe(100_000) },
      6: { type: 2, check: (r) => expect(r.vdsl.down_speed).toBe(35_000) },
      7: { type: 2, check: (r) => expect(r.vdsl.down_speed).toBe(24_000) },
      8: { type: 3, check: (r) => expect(r.adsl.down_speed).toBeGreaterThan(0) },
      9: { type: null, check: (r) => expect(r).toEqual(infrastructureAnswerFor('00000000009')) },
    };
    for (const [index, door] of doors.entries()) {
      expect(door.text).toBe(`Daire ${index + 1}`);
      const bbk = String(door.value);
      expect(bbk).toMatch(/^\d{11}$/);
      expect(Number(bbk.at(-1))).toBe(index % 10);
      const result = (await sb.call(INFRASTRUCTURE, { type: 'apartment', parent_id: bbk })).body.data as InfrastructureResult;
      expect(Object.keys(result.fiber).sort()).toEqual(['central_status', 'down_speed', 'gbps', 'port', 'status']);
      expect(Object.keys(result.vdsl).sort()).toEqual(['central_status', 'down_speed', 'max_down_speed', 'max_speed', 'port']);
      expect(Object.keys(result.adsl).sort()).toEqual(Object.keys(result.vdsl).sort());
      const rule = expected[index % 10]!;
      expect(infrastructureTypeOf(result), `door ${index + 1}`).toBe(rule.type);
      rule.check(result);
    }
  });

  it('accepts ids as numbers or strings and answers 404 for unknown parents', async () => {
    expect(await level('city', '6')).toEqual(await level('city', 6));
    for (const [type, parent_id] of [
      ['city', 82],
      ['city', 0],
      ['district', 34999],
      ['township', 340239],
      ['village', 3402319],
      ['neighborhood', 3402311999],
      ['street', 340231100199],
      ['building', 34023110010199],
      ['apartment', '99999999999'],
      ['apartment', 'abc'],
    ] as const) {
      const answer = await sb.call(INFRASTRUCTURE, { type, parent_id });
      expect(answer.status, `${type} ${parent_id}`).toBe(404);
      expect(answer.body).toEqual({ status: false, message: 'Veriler gelirken bir hata oluştu.' });
    }
    expect((await sb.call(INFRASTRUCTURE, { type: 'city', parent_id: 'a b' })).body.details).toEqual({ code: '016', field: 'parent_id' });
  });

  it('answers Bayburt with one district, whose township and village are single too', async () => {
    const districts = await level('city', 69);
    expect(districts).toEqual([{ value: 69003, text: 'Merkez' }]);
    const townships = await level('district', 69003);
    expect(townships).toHaveLength(1);
    expect(await level('township', townships[0]!.value)).toHaveLength(1);
    // The districts it no longer lists still resolve: no BBK code of another province moved.
    expect(await level('district', 69001)).toHaveLength(1);
  });

  it('gives Şile several townships and villages', async () => {
    const sile = (await level('city', 34)).find((d) => d.text === 'Şile')!;
    const townships = await level('district', sile.value);
    expect(townships.length).toBeGreaterThanOrEqual(2);
    expect(townships[0]!.text).toBe('Merkez');
    const villages = await level('township', townships[0]!.value);
    expect(villages.length).toBeGreaterThanOrEqual(2);
    expect(villages.slice(1).every((v) => v.text.endsWith(' Köyü'))).toBe(true);
  });
});

describe('address data', () => {
  it('covers all 81 provinces with their real districts (Bayburt with one); most districts have a single township', () => {
    let districts = 0;
    let several = 0;
    for (let plate = 1; plate <= 81; plate++) {
      const list = addressOptions('city', plate)!;
      expect(list.length, `province ${plate}`).toBeGreaterThan(0);
      for (const district of list) {
        districts += 1;
        if (addressOptions('district', district.value)!.length > 1) several += 1;
      }
    }
    expect(districts).toBeGreaterThan(900);
    expect(several / districts).toBeGreaterThan(0.1);
    expect(several / districts).toBeLessThan(0.25);
  });

  it('decodes every BBK code back to the chain of ids that led to it', () => {
    const ankara = addressOptions('city', 6)!;
    for (const district of ankara.slice(0, 6)) {
      for (const township of addressOptions('district', district.value)!) {
        for (const village of addressOptions('township', township.value)!) {
          const neighbourhoods = addressOptions('village', village.value)!;
          for (const neighbourhood of [neighbourhoods[0]!, neighbourhoods.at(-1)!]) {
            const street = addressOptions('neighborhood', neighbourhood.value)!.at(-1)!;
            const building = addressOptions('street', street.value)!.at(-1)!;
            for (const door of addressOptions('building', building.value)!) {
              const resolved = resolveBbk(door.value)!;
              expect(resolved.ids).toMatchObject({
                province: '6',
                district: String(district.value),
                township: String(township.value),
                village: String(village.value),
                neighborhood: String(neighbourhood.value),
                street: String(street.value),
                building: String(building.value),
              });
              expect(resolved.texts.floor).toBe(door.text);
            }
          }
        }
      }
    }
  });
});
