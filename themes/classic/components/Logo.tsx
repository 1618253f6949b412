import { useSite } from '../../../runtime/SiteContext.ts';

/** Logo (light and dark sources) and title, linking home. */
export function Logo() {
  const { navbar, baseUrl, homePath } = useSite();
  const logo = navbar.logo;
  const href = logo?.href ?? baseUrl + homePath.slice(1);
  const src = (s: string) => (s.startsWith('/') ? baseUrl + s.slice(1) : s);
  return (
    <a className="navbar__brand" href={href} target={logo?.target}>
      {logo && (
        <div className="navbar__logo">
          <img className="themed-image themed-image--light" src={src(logo.src)} alt={logo.alt} width={logo.width} height={logo.height} />
          {logo.srcDark && <img className="themed-image themed-image--dark" src={src(logo.srcDark)} alt={logo.alt} width={logo.width} height={logo.height} />}
        </div>
      )}
      {navbar.title && <b className="navbar__title">{navbar.title}</b>}
    </a>
  );
}
