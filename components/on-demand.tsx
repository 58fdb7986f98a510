import { useEffect, useState, type ComponentType } from 'react';

/** A component whose code loads when first shown; `preload` starts that load earlier. */
export type OnDemandComponent<Props extends object> = ComponentType<Props> & {
  preload: () => Promise<ComponentType<Props>>;
};

/**
 * A component whose code is loaded the first time it is shown, like `React.lazy`, but without Suspense:
 * it shows `Fallback` (or nothing) itself and draws the component the moment its chunk has arrived.
 * Suspense would hold that back: React commits what replaces a fallback no sooner than 300 ms after the
 * fallback appeared (its "fallback throttle"), which kept an options page opened at #activity idle for
 * about 260 ms (docs/performance.md). A chunk that fails to load throws in render, for the nearest
 * error boundary; the next showing asks for it again.
 */
export function onDemand<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  Fallback?: ComponentType,
): OnDemandComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  function OnDemand(props: Props) {
    const [, setArrived] = useState(false);
    const [failure, setFailure] = useState<{ error: unknown }>();
    useEffect(() => {
      // Once unmounted, React ignores these updates: nothing to cancel.
      if (!loaded)
        preload().then(
          () => setArrived(true),
          (error: unknown) => setFailure({ error }),
        );
    }, []);
    if (failure) throw failure.error;
    if (!loaded) return Fallback ? <Fallback /> : null;
    const Loaded = loaded;
    return <Loaded {...props} />;
  }
  return Object.assign(OnDemand, { preload });
}
