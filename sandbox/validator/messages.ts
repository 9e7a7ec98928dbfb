/**
 * Turkish texts of the generic schema validator (spec §5 "Generic schema validator", §8 validator
 * codes). Data-check messages are templates: `[[field]]` is the field's label (or its path) and
 * every other `[[key]]` is taken from the error's params. A placeholder without a value is left as
 * written, so a missing parameter shows up instead of vanishing.
 */

export type ValidatorCode =
  | '000'
  | '001'
  | '002'
  | '003'
  | '004'
  | '005'
  | '006'
  | '007'
  | '008'
  | '009'
  | '010'
  | '011'
  | '012'
  | '013'
  | '014'
  | '015'
  | '016'
  | '017'
  | '018'
  | '019'
  | '020'
  | '021'
  | '022'
  | '023'
  | '024'
  | '025';

/** Name used for `[[field]]` when the whole payload (not one field) is at fault. */
export const ROOT_FIELD_LABEL = 'Gönderilen veri';

export const validatorMessages: Readonly<Record<ValidatorCode, string>> = {
  '000': '[[field]] şemaya uygun değil.',
  '001': '[[field]] parametresi kabul edilmiyor.',
  '002': '[[field]] alanı zorunludur ancak gönderilmedi.',
  '003': '[[field]] için doğrulama türü bulunamadı: [[type]].',
  '004': '[[field]] alanı boş bırakılamaz.',
  '005': '[[field]] metin olmalıdır.',
  '006': '[[field]] en az [[minLength]] karakter olmalıdır.',
  '007': '[[field]] en fazla [[maxLength]] karakter olmalıdır.',
  '008': '[[field]] sayısal bir değer olmalıdır.',
  '009': '[[field]] tam olarak [[length]] karakter olmalıdır.',
  '010': '[[field]] bir nesne olmalıdır.',
  '011': '[[field]] bir liste olmalıdır.',
  '012': '[[field]] doğru ya da yanlış (true/false) olmalıdır.',
  '013': '[[field]] bir fonksiyon olmalıdır.',
  '014': '[[field]] kabul edilen değerlerden biri olmalıdır: [[items]].',
  '015': '[[field]] geçerli bir unix zamanı (saniye) olmalıdır.',
  '016': '[[field]] geçerli değil, lütfen değeri kontrol edin.',
  '017': '[[field]] en az [[min]] olmalıdır.',
  '018': '[[field]] en fazla [[max]] olmalıdır.',
  '019': '[[field]] en az [[minLength]] öğe içermelidir.',
  '020': '[[field]] en fazla [[maxLength]] öğe içerebilir.',
  '021': '[[field]] tam olarak [[length]] öğe içermelidir.',
  '022': '[[field]] en az [[minLength]] parametre içermelidir.',
  '023': '[[field]] en fazla [[maxLength]] parametre içerebilir.',
  '024': '[[field]] tam olarak [[length]] parametre içermelidir.',
  '025': '[[field]] değeri [[length]] olmalıdır.',
};

/** The Turkish message of a validator code, placeholders filled in. */
export function validatorMessage(
  code: ValidatorCode,
  field: string,
  params: Record<string, string | number> = {},
): string {
  const template = validatorMessages[code];
  return template.replace(/\[\[(\w+)\]\]/g, (placeholder, key: string) => {
    if (key === 'field') return field;
    const value = Object.hasOwn(params, key) ? params[key] : undefined;
    return value === undefined ? placeholder : String(value);
  });
}

/** Configuration-time texts of `defineSchema` (spec §8), prefixed with the rule's path when known. */
export const definitionMessages = {
  schema: 'Şema hatası: şema, alan adlarını kurallara eşleyen bir nesne olmalıdır.',
  rule: 'Şema hatası: kural bir nesne olmalıdır.',
  typeRequired: 'Doğrulama türü (type) belirtilmelidir.',
  typeUnknown: (type: string) => `Bilinmeyen doğrulama türü: ${type}.`,
  lengthNumeric: 'length değeri sayı olmalıdır.',
  minMaxLengthNumeric: 'minLength ve maxLength değerleri sayı olmalıdır.',
  minMaxNumeric: 'min ve max değerleri sayı olmalıdır.',
  lengthNotCombinable: 'length; min, max, minLength veya maxLength ile birlikte kullanılamaz.',
  minLengthAboveMax: 'minLength, maxLength değerinden büyük olamaz.',
  minAboveMax: 'min, max değerinden büyük olamaz.',
  pattern: 'pattern bir metin (string) ya da RegExp olmalıdır.',
  oneOfItems:
    'oneOf için items; metin, mantıksal değer (boolean) veya sayılardan oluşan boş olmayan bir dizi olmalıdır.',
  shape: 'shape, iç içe bir şema nesnesi olmalıdır.',
  of: 'of, dizinin her öğesine uygulanacak bir kural nesnesi olmalıdır.',
} as const;
