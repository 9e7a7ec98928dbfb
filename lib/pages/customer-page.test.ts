import { htmlEscapeJsonString } from 'next/dist/shared/lib/htmlescape';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/api/types';
import { fillCustomerPage, TEMPLATE_USER } from '@/lib/pages/customer-page';

/** The header's button as header-actions.tsx renders it for a customer (React's own escaping). */
const button = (user: SessionUser) =>
  renderToStaticMarkup(
    createElement('button', { type: 'button', 'aria-label': `Hesabım: ${user.data.name} ${user.data.surname}` }, user.data.name, createElement('span', null, ' ', user.data.surname)),
  );

/** A React Flight row's JSON for a plain value: strings that start with `$` are written `$$…`. */
const flightJson = (value: unknown) => JSON.stringify(value, (_key, item: unknown) => (typeof item === 'string' && item.startsWith('$') ? `$${item}` : item));

/** A page as Next.js writes one: markup, then the payload chunk inside `self.__next_f.push(…)`, escaped as Next.js escapes it. */
function page(user: SessionUser, { split = false } = {}) {
  const row = `5:["$","$L6",null,{"initialSession":{"user":${flightJson(user)},"unavailable":false},"children":"$L7"}]\n`;
  const chunks = split ? [row.slice(0, row.indexOf(TEMPLATE_USER.data.name) + 4), row.slice(row.indexOf(TEMPLATE_USER.data.name) + 4)] : [row];
  const scripts = chunks.map((chunk) => `<script>self.__next_f.push(${htmlEscapeJsonString(JSON.stringify([1, chunk]))})</script>`).join('');
  return `<!DOCTYPE html><html><head><script>(self.__next_f=self.__next_f||[]).push([0])</script></head><body><header>${button(user)}</header>${scripts}</body></html>`;
}

/** What the browser reads back from the filled payload: the row's user, `$$` undone. */
function payloadUser(html: string): unknown {
  const [, argument = ''] = /self\.__next_f\.push\((\[1,[\s\S]*?\])\)<\/script>/.exec(html) ?? [];
  const [, row] = JSON.parse(argument) as [number, string];
  const model = JSON.parse(row.slice(row.indexOf(':') + 1), (_key, item: unknown) => (typeof item === 'string' && item.startsWith('$$') ? item.slice(1) : item)) as unknown[];
  return (model[3] as { initialSession: { user: unknown } }).initialSession.user;
}

const customer = (name: string, surname: string, subscriptions: SessionUser['subscriptions'] = []): SessionUser => ({
  user_id: 4711,
  data: { name, surname, nationality_number: '10000000214', confirm_nationality: { status: 1 } },
  subscriptions,
});

const subscription = { subscription_id: 9, status: 2, service_number: null, info: { register_date: 1_700_000_000 }, data: { reference_type: 1 as const, product: { name: 'Fiber 100 <Mbps> & "Ev"' } } };

describe('fillCustomerPage', () => {
  const template = page(TEMPLATE_USER);

  it('gives the page the customer would get from a render of their own', () => {
    const user = customer('Ayşe', 'Yılmaz', [subscription]);
    expect(fillCustomerPage(template, user)).toBe(page(user));
  });

  it.each([
    ['markup and script breakers', customer('<script>alert(1)</script>', `O'Brien "&" </script>`)],
    ['a leading dollar (Flight escapes it)', customer('$Ali', '$$Veli')],
    ['line separators and a backslash', customer('Ali\u2028', 'Veli\u2029\\n')],
    ['letters outside the BMP', customer('Zeynep 🌷', 'Kaya')],
  ])('fills in %s exactly as React and Next.js would have escaped them', (_case, user) => {
    const filled = fillCustomerPage(template, user);
    expect(filled).toBe(page(user));
    expect(payloadUser(filled!)).toEqual(user);
    expect(filled).not.toContain('<script>alert');
  });

  it('leaves no marker behind', () => {
    expect(fillCustomerPage(template, customer('Ali', 'Veli', [subscription]))).not.toMatch(/Qz7obTpl/);
  });

  it('refuses a template whose markup shows a field only the payload may carry', () => {
    const showsNumber = template.replace('</header>', `<p>${TEMPLATE_USER.data.nationality_number}</p></header>`);
    expect(fillCustomerPage(showsNumber, customer('Ali', 'Veli'))).toBeUndefined();
  });

  it('refuses a template whose payload split a marker across two chunks', () => {
    expect(fillCustomerPage(page(TEMPLATE_USER, { split: true }), customer('Ali', 'Veli'))).toBeUndefined();
  });

  it('refuses a template without the customer in its payload', () => {
    expect(fillCustomerPage(template.replace(/<script>self\.__next_f\.push\(\[1[\s\S]*?<\/script>/, ''), customer('Ali', 'Veli'))).toBeUndefined();
  });

  it('refuses an empty name (its render has no text node where the template has one) and a value Flight would move to a row of its own', () => {
    expect(fillCustomerPage(template, customer('', 'Veli'))).toBeUndefined();
    expect(fillCustomerPage(template, customer('A'.repeat(1000), 'Veli'))).toBeUndefined();
  });
});
