import type { NavbarItemData, PageData } from '../../../runtime/pageData.ts';
import { useSite } from '../../../runtime/SiteContext.ts';
import { NavLinkItem } from './NavLinkItem.tsx';
import { SearchButton } from './SearchButton.tsx';
import { Dropdown } from './Dropdown.tsx';
import { DocsVersionDropdown } from './DocsVersionDropdown.tsx';

/** One configured navbar item, in the desktop bar or (`mobile`) in the mobile menu; `page` is the page shown. */
export function NavbarItem({ item, mobile = false, page }: { item: NavbarItemData; mobile?: boolean; page?: PageData }) {
  const site = useSite();
  const linkClass = mobile ? 'menu__link' : 'navbar__item navbar__link';
  switch (item.type) {
    case 'search':
      return mobile ? null : <SearchButton />;
    case 'html':
      return <div className={mobile ? 'menu__list-item' : 'navbar__item'} dangerouslySetInnerHTML={{ __html: item.value }} />;
    case 'dropdown':
      return <Dropdown label={item.label} items={item.items} mobile={mobile} />;
    case 'docsVersionDropdown':
      return <DocsVersionDropdown label={item.label} page={page} mobile={mobile} docsPluginId={item.docsPluginId} before={item.dropdownItemsBefore} after={item.dropdownItemsAfter} />;
    case 'localeDropdown':
      return <Dropdown label={item.label ?? 'English'} items={[...(item.dropdownItemsBefore ?? []), ...site.locales.map((l) => ({ label: l === 'en' ? 'English' : l, to: '/' })), ...(item.dropdownItemsAfter ?? [])]} mobile={mobile} />;
    default: {
      // The item's own class beside the theme's (a `header-github-link` draws its icon), and its html inside the link, as Docusaurus's NavbarNavLink.
      const link = <NavLinkItem link={item} className={item.className ? `${linkClass} ${item.className}` : linkClass} activeClassName={mobile ? 'menu__link--active' : 'navbar__link--active'} htmlInside />;
      return mobile ? <li className="menu__list-item">{link}</li> : link;
    }
  }
}
