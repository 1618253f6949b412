/**
 * `@theme/ThemedImage`: an image for each colour mode. Both are in the page and the
 * stylesheet hides the other mode's (as the logo's), so the right one is drawn before any
 * script runs and a change of mode needs none; the hidden one, loaded lazily, is not
 * fetched. Sources are used as written, as Docusaurus uses them (no base URL added). With
 * one source, it is drawn in both modes.
 */
export function ThemedImage({ sources, className, alt, node: _node, ...rest }: { sources?: { light?: string; dark?: string }; className?: string; alt?: string; node?: unknown; [attribute: string]: unknown }) {
  const light = sources?.light ?? sources?.dark;
  const dark = sources?.dark ?? sources?.light;
  const image = (src: string | undefined, mode?: 'light' | 'dark') => (
    <img loading="lazy" decoding="async" {...rest} key={mode} src={src} alt={alt} className={[className, mode && `themed-image themed-image--${mode}`].filter(Boolean).join(' ') || undefined} />
  );
  return light === dark ? image(light) : [image(light, 'light'), image(dark, 'dark')];
}
