/**
 * Every page of the portal, written once: the web router declares these routes, and the server
 * answers the portal's page (200) only at these paths; any other path is a 404.
 */
export const portalPaths = {
  home: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  verifyAccount: '/verify-account',
  resetPassword: '/reset-password',
  profile: '/profile',
  userList: '/user-list',
  addUser: '/add-user',
  updateUser: '/update-user',
  userDetails: '/user-details',
  quizList: '/quiz-list',
  addQuiz: '/add-quiz',
  updateQuiz: '/update-quiz',
  cardList: '/card-list',
  addCard: '/add-card',
  addMultipleCard: '/add-multiple-card',
  updateCard: '/update-card',
  boxList: '/box-list',
  addBox: '/add-box',
  updateBox: '/update-box',
  addBoxManual: '/add-box-manual',
  notificationList: '/notification-list',
  addNotification: '/add-notification',
  queryList: '/query-list',
  queryDetails: '/query-details',
  activity: '/activity',
} as const;

export type PortalPath = (typeof portalPaths)[keyof typeof portalPaths];
