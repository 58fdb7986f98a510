import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { onDemand } from '@/components/on-demand';

function Section({ name }: { name: string }) {
  return <h2>{name}</h2>;
}

function Loading() {
  return <p aria-busy="true">Loading…</p>;
}

describe('a component loaded on demand', () => {
  it('shows nothing meanwhile when given no fallback', async () => {
    const Quiet = onDemand(() => Promise.resolve(Section));
    expect(renderToStaticMarkup(<Quiet name="Selected tabs" />)).toBe('');
    await Quiet.preload();
    expect(renderToStaticMarkup(<Quiet name="Selected tabs" />)).toBe('<h2>Selected tabs</h2>');
  });

  it('says it is loading until its code has arrived, then draws the section with its props, with no Suspense in between', async () => {
    const load = vi.fn(() => Promise.resolve(Section));
    const OnDemandSection = onDemand(load, Loading);
    expect(renderToStaticMarkup(<OnDemandSection name="Activity" />)).toBe('<p aria-busy="true">Loading…</p>');
    await OnDemandSection.preload();
    expect(renderToStaticMarkup(<OnDemandSection name="Activity" />)).toBe('<h2>Activity</h2>');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads its code once, however often it is asked for', async () => {
    const load = vi.fn(() => Promise.resolve(Section));
    const OnDemandSection = onDemand(load, Loading);
    const [first, second] = await Promise.all([OnDemandSection.preload(), OnDemandSection.preload()]);
    expect(first).toBe(Section);
    expect(second).toBe(Section);
    await OnDemandSection.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a chunk that failed to load is asked for again the next time, not remembered as failed', async () => {
    const load = vi
      .fn<() => Promise<typeof Section>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(Section);
    const OnDemandSection = onDemand(load, Loading);
    await expect(OnDemandSection.preload()).rejects.toThrow('Failed to fetch');
    expect(renderToStaticMarkup(<OnDemandSection name="Backup" />)).toBe('<p aria-busy="true">Loading…</p>');
    await expect(OnDemandSection.preload()).resolves.toBe(Section);
    expect(renderToStaticMarkup(<OnDemandSection name="Backup" />)).toBe('<h2>Backup</h2>');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
