const GRAMS_PER_KG = 1000;

const kgFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** SPEC §9: weight in г, or in кг from 1000 г: «250 г», «1 кг», «1,5 кг». */
export function formatWeight(grams: number): string {
  if (grams < GRAMS_PER_KG) return `${Math.round(grams)} г`;
  return `${kgFormat.format(grams / GRAMS_PER_KG)} кг`;
}
