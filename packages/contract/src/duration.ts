/** docs/behaviour.md §9: minutes over 59 shown as 'N Hours M Minutes' (the portal and the app's API alike). */
export function formatDuration(minutes: number): string {
  if (minutes > 59) return `${Math.floor(minutes / 60)} Hours ${minutes % 60} Minutes`;
  return `${minutes} Minutes`;
}
