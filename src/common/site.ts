/** The site's name and the home page's title, which the server and the client both set. */
export const SITE_NAME = 'Dynasty Forge';
export const HOME_TITLE = `${SITE_NAME} — dynasty fantasy football analysis and league tools`;

/** A page's document title: the page's own, then the site's; the home page's stands alone. */
export const documentTitle = (page: string | null) => (page === null ? HOME_TITLE : `${page} | ${SITE_NAME}`);
