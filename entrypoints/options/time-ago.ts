import { relativeTime } from '@/lib/time/relative-time';

/** "2 minutes ago", "yesterday", "now", in the browser's language (lib/time/relative-time.ts). */
export function timeAgo(iso: string, now: number): string {
  return relativeTime(iso, now);
}
