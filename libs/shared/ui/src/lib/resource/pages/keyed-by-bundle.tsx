import type { ComponentType } from 'react';

/**
 * A page drawn from a bundle, remounted when its bundle changes. Two routes can mount the same page component
 * (Products → Rate changes are both a ListPage); React keeps the mounted one and its state, and the bundles' hooks
 * differ (one has a delete call, the other the stand-in), which breaks the rules of hooks mid-render. Keyed by the
 * bundle's name, every page of every route is safe without its route table knowing.
 */
export function keyedByBundle<P extends { bundle: { definition: { name: string } } }>(Page: ComponentType<P>) {
  function Keyed(props: P) {
    return <Page key={props.bundle.definition.name} {...props} />;
  }
  Keyed.displayName = `KeyedByBundle(${Page.displayName ?? Page.name})`;
  return Keyed;
}
