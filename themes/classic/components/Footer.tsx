import { useSite } from '../../../runtime/SiteContext.ts';
import { NavLinkItem } from './NavLinkItem.tsx';
import { LogoImage } from './Logo.tsx';

/** Link columns (title + links) or a single row of links separated by dots; logo; copyright. */
export function Footer() {
  const { footer, baseUrl, homePath } = useSite();
  return (
    <footer className={`footer footer--${footer.style}`}>
      <div className="container">
        {footer.columns.length > 0 && (
          <div className="footer__links row">
            {footer.columns.map((column, i) => (
              <div key={i} className="footer__col">
                {column.title && <div className="footer__title">{column.title}</div>}
                <ul className="footer__items">
                  {column.items.map((link, j) => (
                    <li key={j} className="footer__item">
                      <NavLinkItem link={link} className="footer__link-item" />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
        {footer.links.length > 0 && (
          <div className="footer__links footer__links--simple">
            {footer.links.map((link, i) => (
              <span key={i}>
                {i > 0 && <span className="footer__link-separator">·</span>}
                <NavLinkItem link={link} className="footer__link-item" />
              </span>
            ))}
          </div>
        )}
        {(footer.logo || footer.copyright) && (
          <div className="footer__bottom">
            {footer.logo && (
              <a className="footer__logo" href={footer.logo.href ?? baseUrl + homePath.slice(1)}>
                <LogoImage logo={footer.logo} />
              </a>
            )}
            {footer.copyright && <div className="footer__copyright" dangerouslySetInnerHTML={{ __html: footer.copyright }} />}
          </div>
        )}
      </div>
    </footer>
  );
}
