import { coreMessages } from './core-messages.js';
import { limits } from './limits.js';
import { groupThousands } from './number-text.js';

/**
 * Every user-visible message of the portal, written once (docs/behaviour.md §5 and §8).
 * Spec messages are reproduced verbatim, typos included: they are part of the contract.
 */
export const messages = {
  // docs/behaviour.md §5 / §8: auth, and failures in general (core-messages.ts: the few a first screen needs)
  ...coreMessages,
  uploadFailed: 'Something went went while uploading the image. Please try again later!',
  accountVerified: 'Account verified successfully!',

  // ours (spec silent): sign-in
  invalidCredentials: 'Invalid email or password.',
  accountInactive: 'This account has been deactivated. Please contact an administrator.',
  passwordRequired: 'Password is required',
  loginSuccess: 'Logged in successfully.',
  tooManyRequests: 'Too many requests. Please try again later.',

  // ours (spec silent): sign-in limits and one's own password
  ownPasswordUseProfile:
    'To change your own password, use Profile → Change Password (it asks for your current password).',

  // ours (spec silent): sessions (sign-out, sign out everywhere)
  signedOut: 'Signed out.',
  signedOutEverywhere: 'Signed out on every device.',
  signOutEverywhereConfirm:
    'Sign out everywhere? Every session of your account ends, on every device and in every browser, this one included.',

  // docs/behaviour.md §5: shared field rules
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter valid email',
  emailInvalidForgot: 'Must be a valid email',
  nameRequired: 'Name is required',
  nameLettersOnly: 'Only alphabets are allowed for this field ',
  dobInFuture: 'Date can not be from future.',
  newPasswordPlease: 'Please Enter New Password',
  confirmPasswordPlease: 'Please Enter Confirm Password',
  passwordsNeedSame: 'Both passwords need to be the same',
  oldPasswordRequired: 'Old Password is required',
  newPasswordRequired: 'New Password is required',
  resetNewPasswordRequired: 'New Password is required.',
  passwordsDoNotMatch: 'Passwords does not match',

  // docs/behaviour.md §5: update gift card
  serialNoRequired: 'Serial No is required',
  onlyNumbers: 'Only numbers are allowed for this field.',
  amountRequired: 'Amount is required',
  currencyLettersOnly: 'Only alphabets are allowed for this field.',
  storeNameRequired: 'Store Name is required',
  storeAddressRequired: 'Store Address is required',
  cardPictureRequired: 'Card Picture is required',
  dateFromPast: 'Date can not be from past.',
  coinPriceRequired: 'Coin Price is required',
  controlCodeRequired: 'Control Code is required',

  // docs/behaviour.md §5: bulk CSV rows
  csvSerialRequired: 'Serial number is required.',
  csvControlCodeRequired: 'Control Code is required.',
  csvSerialUnique: 'Serial number should be unique.',
  csvControlCodeUnique: 'Control code should be unique.',
  csvCoinPriceInteger: 'Coin Price should be a valid integer value.',
  csvCurrencyRequired: 'Currency is required.',
  csvAmountInteger: 'Amount should be a valid integer value.',
  csvStoreNameRequired: 'Store Name is required.',
  csvStoreAddressRequired: 'Store Address is required.',
  csvValidTillRequired: 'Valid till date is required.',
  csvValidTillPast: 'Valid till date can not be from past.',
  csvExpiryDurationInteger: 'Expiry Duration should be a valid integer value.',

  // ours (spec silent): users and profile
  numberMin0: 'Must be 0 or more.',
  numberTooLarge: 'This number is too large.',
  integerOnly: 'Only whole numbers are allowed for this field.',
  heightRequired: 'Height is required',
  weightRequired: 'Weight is required',
  totalCoinsRequired: 'Total Coins is required',
  dailyFSGoalRequired: 'Daily Foot-Step Goal is required',
  dateInvalid: 'Please enter a valid date.',
  genderInvalid: 'Please select male or female.',
  roleInvalid: 'Please select Admin, Support, Content or User.',
  passwordMin: 'Password must be at least 6 characters.',
  passwordTooLong: 'Password must be at most 255 characters.',
  emailTaken: 'A user with this email already exists.',
  oldPasswordWrong: 'Old password is incorrect.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  cannotDemoteSelf: 'You cannot remove your own Admin role.',
  lastAdmin: 'At least one active Admin must remain.',
  notYourProfile: 'You can only update your own profile.',
  userCreated: 'User created successfully.',
  userUpdated: 'User updated successfully.',
  userDeleted: 'User deleted successfully.',
  userPasswordUpdated: 'Password updated successfully.',
  profileUpdated: 'Profile updated successfully.',
  passwordChanged: 'Password changed successfully.',

  // ours (spec silent): uploads
  uploadTypeNotAllowed: 'Only PNG, JPG or GIF images can be uploaded.',
  uploadTooLarge: 'The file is larger than 10MB.',
  uploadNotImage: 'The file is not a PNG, JPG or GIF image.',
  uploadLinkInvalid: 'This upload link is invalid or has expired.',
  uploadEmpty: 'The file is empty.',
  uploadNameRequired: 'The file name is required.',
  uploadFolderUnknown: 'Unknown image folder.',
  uploadStorageFailed: 'The file could not be stored. Please try again later.',

  // ours (spec silent): gift cards
  currencyRequired: 'Currency is required',
  expiryDurationRequired: 'Expiry Duration is required',
  expiryDurationMaxDigits: `Expiry Duration can have at most ${limits.expiryDurationMaxDigits} digits.`,
  validTillRequired: 'Valid Till is required',
  giftCardNotFound: 'Gift card not found.',
  giftCardCreated: 'Gift card created successfully.',
  giftCardUpdated: 'Gift card updated successfully.',
  giftCardDeleted: 'Gift card deleted successfully.',
  giftCardsCreated: 'All gift cards were created successfully.',
  giftCardsPartlyCreated: 'Some gift cards were not created. Fix the rows below and try again.',
  serialTaken: 'A gift card with this serial number already exists.',
  controlCodeTaken: 'A gift card with this control code already exists.',
  csvExpiryDurationTooLong: `Expiry Duration should have at most ${limits.expiryDurationMaxDigits} digits.`,
  csvSerialTooLong: `Serial number should be at most ${limits.giftCardTextMax.serialNumber} characters.`,
  csvControlCodeTooLong: `Control Code should be at most ${limits.giftCardTextMax.controlCode} characters.`,
  csvCurrencyTooLong: `Currency should be at most ${limits.giftCardTextMax.currency} characters.`,
  csvStoreNameTooLong: `Store Name should be at most ${limits.giftCardTextMax.storeName} characters.`,
  csvStoreAddressTooLong: `Store Address should be at most ${limits.giftCardTextMax.storeAddress} characters.`,
  csvCardPictureRequired: 'Card Picture is required.',
  csvNotCsv: 'Please choose a .csv file.',
  csvTooLarge: 'The CSV file is larger than 5MB.',
  csvEmpty: 'The CSV file has no rows.',
  csvTooManyRows: 'The CSV file has more than 10000 rows.',
  csvMissingColumns: 'The CSV file is missing these columns: ',
  csvMalformed: 'The CSV file could not be read: ',
  csvRecordsSkipped: 'Records with errors will be skipped. Only rows marked Successfull will be uploaded.',
  // ours: how a bulk CSV's dates are read (CSV_DATE_ORDER, csv-dates.ts), said above the table, and
  // what a Valid Till that cannot be read must look like
  csvDatesReadDMY: 'Dates are read day first: 31/12/2027 or 2027-12-31.',
  csvDatesReadMDY: 'Dates are read month first: 12/31/2027 or 2027-12-31.',
  csvDatesReadYMD: 'Dates are read year first: 2027/12/31 or 2027-12-31.',
  csvValidTillFormDMY: 'Valid till date could not be read: write it day first, as 31/12/2027, or as 2027-12-31.',
  csvValidTillFormMDY: 'Valid till date could not be read: write it month first, as 12/31/2027, or as 2027-12-31.',
  csvValidTillFormYMD: 'Valid till date could not be read: write it year first, as 2027/12/31 or 2027-12-31.',
  // ours: a bulk CSV row whose line has a quote that breaks the CSV rules (csv.ts readCsvRecords)
  csvUnmatchedQuote: 'This row has an unmatched quote ("): check its fields and save it, or fix the file.',

  // ours (spec silent): account e-mail flows
  forgotPasswordSent: 'If an account exists for this email, we have sent a link to reset the password.',
  resetPasswordDone: 'Your password has been reset. You can now sign in.',
  accountLinkInvalid: 'This link is invalid or has expired. Please request a new one.',
  passwordMinReset: 'New Password must be at least 6 characters.',
  passwordMaxReset: 'New Password must be at most 255 characters.',

  // ours (spec silent): quiz questions
  questionRequired: 'Question is required',
  option1Required: 'Option 1 is required',
  option2Required: 'Option 2 is required',
  option3Required: 'Option 3 is required',
  option4Required: 'Option 4 is required',
  optionsMustDiffer: 'The options must be different from each other.',
  correctOptionRequired: 'Please select the correct option.',
  languageRequired: 'Please select English or Swedish.',
  coinsRequired: 'Coins is required',
  quizNotFound: 'Quiz question not found.',
  quizCreated: 'Quiz question created successfully.',
  quizUpdated: 'Quiz question updated successfully.',
  quizDeleted: 'Quiz question deleted successfully.',

  // ours (spec silent): gift box configs and manual boxes
  configNameRequired: 'Config Name is required',
  configNameTaken: 'A gift box config with this name already exists.',
  minCoinsRequired: 'Min Coins is required',
  maxCoinsRequired: 'Max Coins is required',
  coinRangeInvalid: 'Max Coins must be greater than or equal to Min Coins.',
  stepsToUnlockRequired: 'Steps to Unlock is required',
  boxesPerDayRequired: 'Boxes per Day is required',
  giftBoxConfigNotFound: 'Gift box config not found.',
  giftBoxConfigCreated: 'Gift box config created successfully.',
  giftBoxConfigUpdated: 'Gift box config updated successfully.',
  giftBoxConfigDeleted: 'Gift box config deleted successfully.',
  configRequired: 'Please select a gift box config.',
  locationRequired: 'Please click on the map to choose the location.',
  latitudeInvalid: 'Latitude must be between -90 and 90.',
  longitudeInvalid: 'Longitude must be between -180 and 180.',
  expiresAtRequired: 'Expiry is required',
  expiresAtPast: 'Expiry can not be from past.',
  giftBoxNotFound: 'Gift box not found.',
  giftBoxPlaced: 'Gift box placed successfully.',
  giftBoxDeleted: 'Gift box removed successfully.',
  mapTilesUnavailable: 'Map tiles could not be loaded. You can still click the map or type the coordinates.',

  // ours (spec silent): push notifications
  titleRequired: 'Title is required',
  messageRequired: 'Message is required',
  audienceRequired: 'Please select who receives the notification.',
  recipientsRequired: 'Please choose at least one user.',
  recipientsTooMany: 'Choose at most 1000 users, or send to all users.',
  sendAtInvalid: 'Please enter a valid date and time.',
  sendAtPast: 'Send time can not be from past.',
  notificationNotFound: 'Notification not found.',
  notificationQueued: 'Notification queued for sending.',
  notificationScheduled: 'Notification scheduled.',
  notificationDeleted: 'Notification deleted successfully.',
  noRecipients: 'No user matches this audience: nothing was sent.',
  recipientsNotFound: 'Some of the chosen users no longer exist. Please choose the recipients again.',

  // ours (spec silent): complaint queries
  queryNotFound: 'Complaint query not found.',
  queryUpdated: 'Complaint query updated successfully.',
  queryDeleted: 'Complaint query deleted successfully.',
  messageSent: 'Your message has been sent.',

  // ours (spec silent): the mobile app's calls and the coin ledger
  stepsRecorded: 'Steps recorded.',
  stepsRequired: 'Steps is required',
  stepsInvalid: 'Steps must be a whole number, 0 or more.',
  stepsDateRequired: 'Date is required',
  stepsDateFuture: 'Steps can not be recorded for a future day.',
  // The window and the cap are the server's configuration (STEPS_SYNC_DAYS, MAX_STEPS_PER_DAY).
  stepsDateTooOld: (days: number) =>
    `Steps can be synced only for today and the ${days} ${days === 1 ? 'day' : 'days'} before.`,
  stepsAboveMax: (max: number) => `Steps can not be more than ${groupThousands(max)} for a day.`,
  stepsFlagReason: `The daily step limit was reached on ${limits.suspiciousCapDays} days in a row.`,
  stepsFlagCleared: 'The steps flag was cleared.',
  stepsNotFlagged: 'This user is not flagged.',
  trackingDisabled: 'Step tracking is turned off for this account.',
  quizAnswerRequired: 'Please choose an option.',
  quizAlreadyAnswered: 'You have already answered this question.',
  quizAnswerCorrect: 'Correct answer!',
  quizAnswerWrong: 'Wrong answer.',
  giftBoxOpened: 'Gift box opened.',
  giftBoxExpired: 'This gift box has expired.',
  giftBoxAlreadyOpened: 'This gift box has already been opened.',
  giftBoxNeedsSteps: 'Walk more steps today to open this gift box.',
  giftBoxDailyLimit: 'You have opened all the gift boxes you can today.',
  giftCardRedeemed: 'Gift card redeemed successfully.',
  giftCardNotAvailable: 'This gift card is no longer available.',
  insufficientCoins: 'You do not have enough coins for this gift card.',
  coinsAdjusted: 'Coins adjusted by an administrator.',
  positionRequired: 'Your position (latitude and longitude) is required.',
  giftBoxTooFar: 'Walk closer to this gift box to open it.',
  nearbyRadiusInvalid: `The radius must be a whole number of metres from 1 to ${groupThousands(limits.nearbyRadiusMaxM)}.`,
  affordableInvalid: 'affordable must be true or false.',

  // ours (spec silent): an administrator's adjustment of a user's coins (User Details, Coins)
  coinAdjustAmountRequired: 'Enter a whole number of coins other than 0.',
  coinAdjustAmountTooLarge: `Adjust by at most ${groupThousands(limits.coinAdjustMax)} coins at a time.`,
  coinAdjustReasonRequired: 'Reason is required',
  coinAdjustReasonTooLong: `Reason can be at most ${limits.coinAdjustReasonMax} characters.`,
  coinAdjustBelowZero: 'This adjustment would take the coins below 0.',
  coinAdjustSaved: 'Coins adjusted successfully.',
  noCoinHistory: 'No coin movements yet.',

  // ours (spec silent): the app user's own account (GET/PUT/DELETE /app/me, export, push token)
  appProfileNothingToChange: 'Send at least one field to change.',
  pushTokenSaved: 'Push token saved.',
  pushTokenCleared: 'Push token cleared.',
  pushTokenRequired: 'pushToken must be a text, or null to clear it.',
  pushTokenTooLong: `pushToken can be at most ${limits.pushTokenMax} characters.`,
  accountPasswordWrong: 'The password is not correct.',
  accountErased: 'Your account has been deleted and your personal data removed.',
  erasedUserName: 'Deleted user',
  userErasedStatus: 'Deleted',
  userErasedNoEdit: 'This account was deleted by its owner; it can no longer be edited.',

  // ours: concurrent edits of a user (PUT /users, PUT /profile refuse a form loaded before a change)
  userChangedMeanwhile:
    'This user was changed by someone else after you opened the form. Review the current values and save again.',
  profileChangedMeanwhile:
    'Your profile was changed somewhere else after you opened the form. Review the current values and save again.',
  coinsWouldGoNegative:
    'The coins changed after you opened the form and this change would take them below 0. Review the current values and save again.',

  // ours (spec silent): accounts and passwords (registration, e-mail verification, password rules)
  registerReceived:
    'Thank you. We have sent an e-mail to this address: follow its link to verify the address, then sign in.',
  passwordTooCommon: 'This password is too common. Choose a password that is harder to guess.',
  adminPasswordMin: 'Administrator passwords must be at least 12 characters.',
  verifyEmailToRedeem: 'Verify your e-mail address to redeem gift cards.',
  verificationSent: 'We have sent you an e-mail with a link to verify your address.',
  emailAlreadyVerified: 'Your e-mail address is already verified.',

  // docs/behaviour.md §2: empty states
  noAssociatedGiftCards: 'No gift cards are associated with this account.',

  // ours (spec silent): leaving a form with unsaved changes (docs/behaviour.md §12)
  unsavedChangesTitle: 'Leave this page?',
  unsavedChanges: 'Your changes are not saved.',

  // ours (spec silent): generic server answers
  validationFailed: 'Some fields are not valid.',
  notFound: 'Not found.',
  routeNotFound: 'This call does not exist.',
  userNotFound: 'User not found.',
  payloadTooLarge: 'The request is too large.',
  invalidJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'This content type is not accepted here.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  shuttingDown: 'This server is shutting down. Please try again shortly.',
  migrationsPending: 'The database is not up to date yet. Please try again shortly.',
  valueNotStorable: 'Some values cannot be stored: remove unusual characters or shorten them.',
  internalError: 'Something went wrong on our side. Please try again later.',

  // ours (spec silent): a value of the wrong type, or outside a rule that has no message of its own
  // (zod-messages.ts, the one place they are chosen). `field` is the field as the call names it
  // (`isActive`, `giftCards[2].amount`). "... is required" only when the field is left out (or null).
  requestBodyNotObject: 'The request body must be a JSON object.',
  fieldRequired: (field: string) => `${field} is required.`,
  fieldNotNumber: (field: string) => `${field} must be a number.`,
  fieldNotWholeNumber: (field: string) => `${field} must be a whole number.`,
  fieldNotBoolean: (field: string) => `${field} must be true or false.`,
  fieldNotText: (field: string) => `${field} must be a text.`,
  fieldNotObject: (field: string) => `${field} must be an object.`,
  fieldNotArray: (field: string) => `${field} must be an array.`,
  fieldNotNull: (field: string) => `${field} must be null.`,
  fieldNotOneOf: (field: string, choices: string) => `${field} must be ${choices}.`,
  fieldAtLeast: (field: string, min: string) => `${field} must be at least ${min}.`,
  fieldMoreThan: (field: string, min: string) => `${field} must be more than ${min}.`,
  fieldAtMost: (field: string, max: string) => `${field} must be at most ${max}.`,
  fieldLessThan: (field: string, max: string) => `${field} must be less than ${max}.`,
  fieldEmpty: (field: string) => `${field} can not be empty.`,
  fieldMinLength: (field: string, min: string) => `${field} must have at least ${min} characters.`,
  fieldMaxLength: (field: string, max: string) => `${field} can have at most ${max} characters.`,
  fieldMinItems: (field: string, min: string) =>
    `${field} must have at least ${min} ${min === '1' ? 'item' : 'items'}.`,
  fieldMaxItems: (field: string, max: string) => `${field} can have at most ${max} ${max === '1' ? 'item' : 'items'}.`,
  fieldMultipleOf: (field: string, divisor: string) => `${field} must be a multiple of ${divisor}.`,
  fieldNotEmail: (field: string) => `${field} must be an e-mail address.`,
  fieldNotValid: (field: string) => `${field} is not valid.`,
  fieldsUnknown: (fields: string[]) =>
    fields.length === 1
      ? `${fields[0]} is not a field of this call.`
      : `${fields.join(', ')} are not fields of this call.`,

  // ours (spec silent): the list tools (bulk delete, export, quick search; docs/behaviour.md §12)
  idNotNumber: 'The id must be a number.',
  listCountInvalid: 'count must be exact, or left out.',
  listLimitInvalid: `limit must be a whole number from 1 to ${limits.listMaxPageSize}; the portal's page sizes are ${limits.listPageSizes.slice(0, -1).join(', ')} and ${limits.listPageSizes.at(-1)}.`,
  bulkDeleteIdsRequired: 'Choose at least one row to delete.',
  bulkDeleteTooMany: `Choose at most ${groupThousands(limits.bulkDeleteMax)} rows to delete at once.`,
  quickSearchTooShort: `Type at least ${limits.quickSearchMinChars} characters to search.`,
  quickSearchTooLong: 'Search for at most 100 characters.',

  // ours (spec silent): request limits and timeouts
  requestTimeout: 'The request took too long to arrive. Please try again.',
  badRequest: 'The request could not be read.',
} as const;

export type MessageKey = keyof typeof messages;
