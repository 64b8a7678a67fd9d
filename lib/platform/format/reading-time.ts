/** Reading time as the owner's screens and mails say it: '4 min 12 s', '45 s', '1 h 3 min', '0 s'. Client-safe. */
export function formatReadingTime(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
