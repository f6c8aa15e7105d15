import { portalPaths } from '@strideadmin/contract';

/** Every route of the portal, written once in the contract (the server serves the portal at these). */
export const paths = portalPaths;

export const hrefs = {
  withId: (path: string, id: number | string) => `${path}?id=${encodeURIComponent(String(id))}`,
};

/**
 * docs/behaviour.md §2 Shell: the sidebar, in the spec's order; `match` lists the screens that light an entry,
 * `screens` the ones among them that open without a record, by their titles (the quick search's jump list).
 */
export const sidebarEntries = [
  { label: 'Home', to: paths.home, match: [paths.home], icon: 'home', screens: [['Home', paths.home]] },
  {
    label: 'User',
    to: paths.userList,
    match: [paths.userList, paths.addUser, paths.updateUser, paths.userDetails],
    icon: 'users',
    screens: [
      ['Users', paths.userList],
      ['Add User', paths.addUser],
    ],
  },
  {
    label: 'Quiz Questions',
    to: paths.quizList,
    match: [paths.quizList, paths.addQuiz, paths.updateQuiz],
    icon: 'quiz',
    screens: [
      ['Quiz Questions', paths.quizList],
      ['Add Quiz Question', paths.addQuiz],
    ],
  },
  {
    label: 'Gift Cards',
    to: paths.cardList,
    match: [paths.cardList, paths.addCard, paths.addMultipleCard, paths.updateCard],
    icon: 'card',
    screens: [
      ['Gift Cards', paths.cardList],
      ['Add Gift Card', paths.addCard],
      ['Add Multiple Gift Cards', paths.addMultipleCard],
    ],
  },
  {
    label: 'Push Notifications',
    to: paths.notificationList,
    match: [paths.notificationList, paths.addNotification],
    icon: 'bell',
    screens: [
      ['Push Notifications', paths.notificationList],
      ['Send Push Notification', paths.addNotification],
    ],
  },
  {
    label: 'Complaint Queries',
    to: paths.queryList,
    match: [paths.queryList, paths.queryDetails],
    icon: 'chat',
    screens: [['Complaint Queries', paths.queryList]],
  },
  {
    label: 'Gift Box Config',
    to: paths.boxList,
    match: [paths.boxList, paths.addBox, paths.updateBox, paths.addBoxManual],
    icon: 'box',
    screens: [
      ['Gift Box Config', paths.boxList],
      ['Add Gift Box Config', paths.addBox],
    ],
  },
  {
    label: 'Activity',
    to: paths.activity,
    match: [paths.activity],
    icon: 'activity',
    screens: [['Activity', paths.activity]],
  },
] as const;

export type SidebarIcon = (typeof sidebarEntries)[number]['icon'];

/** A screen the top bar's quick search can jump to: its title, its path, and the sidebar entry it is under. */
export interface JumpScreen {
  label: string;
  to: string;
  section: string;
}

/** docs/behaviour.md §12 Quick search: every screen that opens without a record, in the sidebar's order, then Profile. */
export const jumpScreens: readonly JumpScreen[] = [
  ...sidebarEntries.flatMap((e) => e.screens.map(([label, to]): JumpScreen => ({ label, to, section: e.label }))),
  { label: 'Profile', to: paths.profile, section: 'Account' },
];
