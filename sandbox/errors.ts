/** A refusal the sandbox answers as `{ status: false, message, details? }` with an HTTP status. */
export class SandboxError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

/** Texts used in more than one place. */
export const texts = {
  generic: 'Bir hatadan dolayı işleminiz alınamamaktadır. Lütfen daha sonra tekrar deneyin.',
  notFound: 'İstediğiniz adres bulunamadı.',
  methodNotAllowed: 'Bu istek yöntemi desteklenmiyor.',
  badServiceToken: 'Servis anahtarı eksik veya geçersiz.',
  badUserToken: 'Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.',
  badJson: 'İstek gövdesi geçerli bir JSON nesnesi değil.',
  tooLarge: 'İstek gövdesi izin verilen boyutun üstünde.',
  formInvalid: 'Form oturumunuz geçersiz veya süresi dolmuş. Lütfen başvuruya baştan başlayın.',
  stepOrder: 'Lütfen başvuru adımlarını sırasıyla tamamlayın.',
  addressData: 'Veriler gelirken bir hata oluştu.',
  addressNotFound: 'Seçtiğiniz adres bulunamadı. Lütfen adres bilgilerinizi kontrol edin.',
  noInfrastructure: 'Bu adres için uygun altyapı bulunmamaktadır.',
  productNotFound: 'Seçtiğiniz tarife bulunamadı.',
  productMismatch: 'Seçtiğiniz tarife bu hattın altyapısına uygun değil.',
  setupPrice: 'Kurulum ücreti ödeme yönteminizi lütfen seçin.',
  nationalityNumber: 'TC kimlik numarası uygun değil. Lütfen kontrol edin.',
  registeredUser: 'Bu TC kimlik numarası ile kayıtlı bir kullanıcı bulunmaktadır.',
  verifyBoth: 'Telefon ve e-posta adresinizi onaylamanız gerekmektedir.',
  wrongSms: 'SMS onay kodu hatalı. Lütfen kodu kontrol edin.',
  wrongMail: 'E-posta onay kodu hatalı. Lütfen kodu kontrol edin.',
  codeExpired: 'Onay kodunun süresi doldu. Lütfen yeni bir kod isteyin.',
  codeVoided: 'Çok fazla hatalı deneme yaptınız. Lütfen yeni bir kod isteyin.',
  codeUnknown: 'Onay kodu bulunamadı veya kullanılmış. Lütfen yeni bir kod isteyin.',
  serviceNumberNotFound: 'Hizmet numarası bulunamadı.',
  subscriptionNotFound: 'Abonelik bulunamadı.',
} as const;
