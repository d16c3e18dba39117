const DAY_NAMES = ['', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'] as const;

type Schedule = Record<string, { open: string; close: string }>;

/**
 * Opening hours in a line: «пн–сб 08:00–21:00, вс 09:00–18:00»; consecutive days with the same hours are
 * joined, closed days left out.
 */
export function formatSchedule(schedule: Schedule): string {
  const parts: string[] = [];
  let runStart = 0;
  for (let day = 1; day <= 8; day += 1) {
    const hours = schedule[String(day)];
    const startHours = schedule[String(runStart)];
    const isSame = hours && startHours && hours.open === startHours.open && hours.close === startHours.close;
    if (runStart > 0 && !isSame) {
      const label =
        day - 1 === runStart ? DAY_NAMES[runStart] : `${DAY_NAMES[runStart]}–${DAY_NAMES[day - 1]}`;
      if (startHours) parts.push(`${label} ${startHours.open}–${startHours.close}`);
      runStart = 0;
    }
    if (runStart === 0 && hours && day <= 7) runStart = day;
  }
  return parts.length > 0 ? parts.join(', ') : 'Часы работы уточняйте по телефону';
}
