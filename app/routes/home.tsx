export default function Home() {
  return <main><h1>Фреш</h1></main>;
}
