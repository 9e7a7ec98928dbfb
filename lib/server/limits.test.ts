import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGETS, derivedOverrides, resolveBudgets } from '@/lib/server/limits';

const root = path.resolve(__dirname, '..', '..');

/** A window as the tables say it: 'day', '10 minutes'. */
function windowText(seconds: number): string {
  if (seconds % 86_400 === 0) return seconds === 86_400 ? 'day' : `${seconds / 86_400} days`;
  if (seconds % 3_600 === 0) return seconds === 3_600 ? 'hour' : `${seconds / 3_600} hours`;
  return `${seconds / 60} minutes`;
}

describe('the limits table', () => {
  it('is the same in docs/operations.md and SECURITY.md as in lib/server/limits.ts', () => {
    for (const file of ['docs/operations.md', 'SECURITY.md']) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const row of Object.values(BUDGETS)) {
        const line = text.split('\n').find((candidate) => candidate.startsWith(`| \`${row.env}\` |`));
        expect(line, `${file}: ${row.env}`).toBeDefined();
        const cells = line!.split('|').map((cell) => cell.trim());
        expect(cells.at(-3), `${file}: ${row.env} default`).toBe(row.points.toLocaleString('en'));
        expect(cells.at(-2), `${file}: ${row.env} window`).toBe(windowText(row.windowSeconds));
      }
    }
  });

  it('never lets a factor or a setting make a budget zero', () => {
    const tiny = resolveBudgets(0.0001);
    for (const row of Object.values(tiny)) expect(row.points).toBeGreaterThanOrEqual(1);
    expect(resolveBudgets(2).contactIp.points).toBe(10);
  });

  it('takes a row’s own setting before its default, times the factor, rounded', () => {
    const budgets = resolveBudgets(1.5, { contactIp: 7 });
    expect(budgets.contactIp).toEqual({ ...BUDGETS.contactIp, points: 11 });
    expect(budgets.contactPhone).toEqual({ ...BUDGETS.contactPhone, points: 5 });
    expect(resolveBudgets(1).readIp).toEqual(BUDGETS.readIp);
    expect(Object.keys(resolveBudgets(1))).toEqual(Object.keys(BUDGETS));
  });

  it('derives the checks and the daily caps from the old code settings', () => {
    expect(derivedOverrides({ codeSendTarget: 10 })).toEqual({ codeSendTarget: 10, codeCheckTarget: 30, codeSendTargetDay: 40 });
    expect(derivedOverrides({ codeSendIp: 2 })).toEqual({ codeSendIp: 2, codeCheckIp: 6, codeSendIpHour: 40 });
    expect(derivedOverrides({ codeSendIp: 2, codeCheckIp: 9 }).codeCheckIp).toBe(9);
    // The daily and hourly caps never fall below their defaults, and grow with a larger setting.
    expect(derivedOverrides({ codeSendIp: 30 }).codeSendIpHour).toBe(60);
    expect(derivedOverrides({ codeSendTarget: 2 }).codeSendTargetDay).toBe(20);
    // A cap set on its own is kept.
    expect(derivedOverrides({ codeSendTarget: 10, codeCheckTarget: 4, codeSendTargetDay: 11 })).toEqual({ codeSendTarget: 10, codeCheckTarget: 4, codeSendTargetDay: 11 });
    expect(derivedOverrides({ codeSendIp: 2, codeSendIpHour: 3 }).codeSendIpHour).toBe(3);
    expect(derivedOverrides({ contactIp: 1 })).toEqual({ contactIp: 1 });
  });
});
