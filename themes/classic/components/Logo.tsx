import { useSite } from '../../../runtime/SiteContext.ts';
import type { LogoData } from '../../../runtime/pageData.ts';

/** Logo (light and dark sources) and title, linking home. */
export function Logo() {
  const { navbar, baseUrl, homePath } = useSite();
  const logo = navbar.logo;
  const href = logo?.href ?? baseUrl + homePath.slice(1);
  return (
    <a className="navbar__brand" href={href} target={logo?.target}>
      {logo && (
        <div className="navbar__logo">
          <LogoImage logo={logo} />
        </div>
      )}
      {navbar.title && <b className="navbar__title">{navbar.title}</b>}
    </a>
  );
}

/**
 * A logo's image (the navbar's, the footer's): with `srcDark`, one for each colour mode,
 * the other hidden by CSS; without it, the one image in both modes, as Docusaurus shows it.
 */
export function LogoImage({ logo }: { logo: LogoData }) {
  const { baseUrl } = useSite();
  const src = (s: string) => (s.startsWith('/') ? baseUrl + s.slice(1) : s);
  if (!logo.srcDark) return <img src={src(logo.src)} alt={logo.alt} width={logo.width} height={logo.height} />;
  return (
    <>
      <img className="themed-image themed-image--light" src={src(logo.src)} alt={logo.alt} width={logo.width} height={logo.height} />
      <img className="themed-image themed-image--dark" src={src(logo.srcDark)} alt={logo.alt} width={logo.width} height={logo.height} />
    </>
  );
}
