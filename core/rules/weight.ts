import { formatNumber } from './number-format';

const GRAMS_PER_KG = 1000;

/** SPEC §9: weight in г, or in кг from 1000 г: «250 г», «1 кг», «1,5 кг». */
export function formatWeight(grams: number): string {
  if (grams < GRAMS_PER_KG) return `${Math.round(grams)} г`;
  return `${formatNumber(grams / GRAMS_PER_KG, 2)} кг`;
}

/**
 * A volume at the end of a product's name: its pack label ('Айран 0,5 л', 'Сок яблочный 200 мл'), as the demo
 * data names every pack (`${name} ${label}`) and as shops' feeds name liquids.
 */
const VOLUME_AT_END = /(\d+(?:[.,]\d+)?)\s*(л|мл)\.?$/iu;

/**
 * What one pack of a product holds, as a shopper reads it: a liquid (its name ends in litres or millilitres)
 * shows its volume — 'Айран 0,5 л' is half a litre, not «500 г» (issue 21) — anything else its weight
 * (SPEC §9: г, or кг from 1000 г). The catalogue keeps grams for every product (delivery weighs them), so the
 * volume comes from the pack label, never from the grams: a litre of milk weighs 1030 g.
 */
export function formatPackSize(product: { name: string; weight: number }): string {
  const volume = VOLUME_AT_END.exec(product.name.trim());
  if (volume?.[1] && volume[2]) return `${volume[1].replace('.', ',')} ${volume[2].toLowerCase()}`;
  return formatWeight(product.weight);
}
