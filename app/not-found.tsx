import Link from 'next/link';
import '@/app/globals.css';

// Reached only by requests outside the locale routes; proxy.ts sends every page path to [locale].
export default function GlobalNotFound() {
  return (
    <html lang="tr-TR">
      <body>
        <main className="container">
          <h1>Sayfa bulunamadı</h1>
          <p>
            <Link href="/">Ana sayfaya dön</Link>
          </p>
        </main>
      </body>
    </html>
  );
}
