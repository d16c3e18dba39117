export const metadata = { title: 'Каталог — Next.js peer' };

export default function RootLayout({ children }) {
  return (
    <html lang="ru">
      <body>{children}</body>
    </html>
  );
}
