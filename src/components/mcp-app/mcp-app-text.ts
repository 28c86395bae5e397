/**
 * Every string an MCP App's card shows people (the app's frame, and what the app asks the person
 * to allow), in one place so that a locale can replace them together.
 */
export const mcpAppText = {
  /** The accessible name of the app's frame. */
  frameTitle: (toolName: string) => `App of ${toolName}`,
  loading: 'Loading the app…',
  failed: (reason: string) => `The app could not be shown: ${reason}`,
  /** The app's frame loaded another page (the app navigated it): the kit closed it. */
  navigatedAway: 'The app left its page, so it was closed.',
  /** The app asks to open a link: the person decides. */
  openLinkQuestion: 'The app wants to open this link:',
  openLink: 'Open link',
  /** The app asks to send a message in the person's name: the person decides. */
  sendMessageQuestion: 'The app wants to send this message:',
  sendMessage: 'Send message',
  dismiss: 'Dismiss',
};
