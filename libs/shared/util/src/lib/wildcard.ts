/** Text searches travel to the API wrapped in `*` wildcards (docs/spec.md §7); an empty search sends nothing. */
export function wildcard(text: string | null | undefined): string | undefined {
  const trimmed = (text ?? '').trim().replace(/^\*+|\*+$/g, '');
  return trimmed ? `*${trimmed}*` : undefined;
}

/** The value a search box should show for a wildcard filter kept in the URL. */
export function unwildcard(text: string | null | undefined): string {
  return (text ?? '').replace(/^\*+|\*+$/g, '');
}
