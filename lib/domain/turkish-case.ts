/**
 * Case mapping with the Turkish i rules: I <-> ı and İ <-> i. The two pairs are mapped by hand
 * before the generic mapping, so the result does not depend on the runtime's locale data and 'İ'
 * never becomes 'i' + a combining dot (what plain toLowerCase() does).
 */

export function turkishLowerCase(text: string): string {
  return text.replace(/İ/g, 'i').replace(/I/g, 'ı').toLocaleLowerCase('tr-TR');
}

export function turkishUpperCase(text: string): string {
  return text.replace(/i/g, 'İ').replace(/ı/g, 'I').toLocaleUpperCase('tr-TR');
}
