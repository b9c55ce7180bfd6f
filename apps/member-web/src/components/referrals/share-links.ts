/** The apps an invite can be sent with, each by its documented share address (docs/screens.md#the-first-visit). */
export interface ShareLink {
  app: 'Messenger' | 'Viber' | 'Facebook';
  href: string;
}

/**
 * Messenger's app takes a link (`fb-messenger://share/?link=`; its web Send Dialog needs an app id the site does
 * not have), Viber's share button a text with the link in it (`viber://forward?text=`), and Facebook's sharer
 * the link alone (`sharer.php?u=`), whose page the friend then sees with its own preview.
 */
export function shareLinks(link: string, inviteText: string): ShareLink[] {
  return [
    { app: 'Messenger', href: `fb-messenger://share/?${new URLSearchParams({ link })}` },
    { app: 'Viber', href: `viber://forward?${new URLSearchParams({ text: `${inviteText} ${link}` })}` },
    { app: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: link })}` },
  ];
}
