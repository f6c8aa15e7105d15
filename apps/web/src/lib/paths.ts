import { portalPaths } from '@strideadmin/contract';

/** Every route of the portal, written once in the contract (the server serves the portal at these). */
export const paths = portalPaths;

export const hrefs = {
  withId: (path: string, id: number | string) => `${path}?id=${encodeURIComponent(String(id))}`,
};

/** docs/behaviour.md §2 Shell: the sidebar, in the spec's order; `match` lists the screens that light an entry. */
export const sidebarEntries = [
  { label: 'Home', to: paths.home, match: [paths.home], icon: 'home' },
  {
    label: 'User',
    to: paths.userList,
    match: [paths.userList, paths.addUser, paths.updateUser, paths.userDetails],
    icon: 'users',
  },
  {
    label: 'Quiz Questions',
    to: paths.quizList,
    match: [paths.quizList, paths.addQuiz, paths.updateQuiz],
    icon: 'quiz',
  },
  {
    label: 'Gift Cards',
    to: paths.cardList,
    match: [paths.cardList, paths.addCard, paths.addMultipleCard, paths.updateCard],
    icon: 'card',
  },
  {
    label: 'Push Notifications',
    to: paths.notificationList,
    match: [paths.notificationList, paths.addNotification],
    icon: 'bell',
  },
  { label: 'Complaint Queries', to: paths.queryList, match: [paths.queryList, paths.queryDetails], icon: 'chat' },
  {
    label: 'Gift Box Config',
    to: paths.boxList,
    match: [paths.boxList, paths.addBox, paths.updateBox, paths.addBoxManual],
    icon: 'box',
  },
] as const;

export type SidebarIcon = (typeof sidebarEntries)[number]['icon'];
