import type { MessagesOf } from '../shape'
import type { server as uk } from '../uk/server'

export const server: MessagesOf<typeof uk> = {
  common: {
    signInRequired: 'Please sign in.',
    forbidden: 'You do not have permission to do this.',
    notFound: 'Not found.',
    tooManyAttempts: 'Too many attempts. Try again in {{wait}}.',
  },
  load: {
    accountBusy:
      'Too many heavy requests at once from this account. Wait for the earlier ones and try again.',
    readingsFirst: "The server is busy: the boilers' readings come first. Try again in a few seconds.",
    signInsBusy: 'Too many sign-ins at once. Try again in a few seconds.',
  },
  jsonApi: {
    noIncludes: 'This resource has no relationships to add with include',
    serverAssignsId: 'The server assigns the id of a new resource: remove data.id',
    contentTypeParameters:
      'The {{type}} content type takes no parameters other than ext and profile: {{parameters}}',
    extensionUnsupported: 'JSON:API extension not supported: {{extensions}}',
    notAcceptable:
      'No answer in a format the request accepts: {{type}} only without parameters other than ext and profile',
    parameterUnsupported: 'Query parameter {{name}} is not supported here',
    fieldsList: '{{name}} must be a comma-separated list of fields',
    unknownFields: '{{name}}: unknown fields: {{fields}}',
    readOnly: '{{name}} is read-only: it cannot be changed',
    typeMismatch: "The resource type '{{type}}' does not match this address ('{{expected}}').",
    idMismatch: "The resource id '{{id}}' does not match the id in the address ('{{expected}}').",
  },
  accountEmail: {
    linkInvalid: 'The link is not valid or has expired: ask for a new one',
    alreadyConfirmed: 'The address is already confirmed',
    sendFailed: 'The e-mail could not be sent. Try again later.',
    previousTaken: 'The previous address is already used by another account: contact support',
  },
  alarms: {
    notFound: 'Alarm not found',
    notificationNotFound: 'Notification not found',
  },
  auth: {
    wrongCredentials: 'Wrong email or password!',
    confirmPassword:
      'Confirm your current password: this action is possible only within 5 minutes of entering it',
    wrongCurrentPassword: 'Wrong current password',
    sessionNotFound: 'Session not found, or it has already ended.',
  },
  live: {
    ticketInvalid: 'The live stream ticket is not valid, has expired or has already been used.',
    tokenInAddress:
      'An access token in the address is not accepted. Get a single-use ticket (POST /api/v2/live/tickets) and pass it as ticket.',
  },
  categories: {
    notFound: 'Device type not found.',
    hasItems: 'Devices still belong to this type.',
  },
  firmware: {
    itemArchived: 'The device was archived',
    notFound: 'Firmware not found.',
    inUse: 'An update is sending out this firmware now: it can be deleted once the update has finished.',
    noSuchCategory: 'There is no such device type.',
    deviceCredentialsRequired:
      "The device's credentials are required: serial number and secret (HTTP Basic).",
    linkNotFound: 'Firmware link not found.',
    linkOtherItem: 'This firmware link was issued to another device.',
    linkExpired: 'The firmware link has expired: the device will get a new one as soon as it connects.',
    fileRequired: 'Add a firmware file (the attachment field).',
    notFirmware: 'The file must be a firmware image with the .bin extension.',
    oneFile: 'Add only one firmware file.',
    noReason: 'The device gave no reason',
    rolloutNotFound: 'Update not found.',
    noSuchImage: 'There is no such firmware.',
    nothingToUpdate: 'There are no connected devices of this type to update.',
    versionTaken: 'Version {{version}} has already been uploaded for this device type.',
    tooLarge: 'The file is too large: a firmware image must be at most {{max}} MB.',
    notFirmwareButOther: '{{refusal}} This file is {{format}}.',
    allUpToDate: 'All connected devices of this type already have version {{version}}.',
    itemNotFound: 'Device #{{id}} not found.',
    itemOtherType: 'The device “{{name}}” is of another type than this firmware.',
    itemUnlinked: 'The device “{{name}}” is not connected or is archived: it cannot be updated.',
    itemUpToDate: 'The device “{{name}}” already has version {{version}}: there is nothing to update.',
    itemBusy: 'The device “{{name}}” is already being updated (update #{{rollout}}).',
  },
  uploads: {
    unreadable: 'The uploaded file could not be read.',
    imageRequired: 'Add an image file (the attachment field).',
    notImage: 'The file must be an image (JPEG, PNG, WebP or GIF).',
    imageTooLarge: 'The file is too large: an image must be at most 2 MB.',
  },
  history: {
    fuelAmountRequired: 'Enter how many kilograms you added: the hopper capacity is not set',
    fromBeforeTo: 'from must be earlier than to',
    periodTooLong: 'the period must be at most {{days}} days',
  },
  itemErrors: {
    notFound: 'Error not found',
  },
  items: {
    notFound: 'Device not found',
    accessTooLow: 'Your access to this device does not allow this',
    brokerUnavailable: 'The device broker is unavailable right now. Nothing was registered; try again.',
    handover: {
      notConnected:
        'The device is not connected yet: an owner code is available once the controller has connected',
      archived: 'The device is blocked: it cannot be handed over',
      wrongCode: 'Wrong serial number or code. Attempts left: {{left}}.',
      lockedNow:
        'Wrong serial number or code. Too many failed attempts: you can try again in {{minutes}} min.',
    },
    alreadyYours: 'This device is already in your account',
    update: {
      notVerified: 'The device is not confirmed yet: its settings will appear after it first connects',
      archived: 'The device is blocked: its settings cannot be changed',
      archivedSwitch: 'The device is blocked: it cannot be switched on or off',
      serialFixed: "The device's serial number cannot be changed",
      connectionByDevice: 'The connection state is set by the device itself',
      verifyAgain: 'Confirming a device again is not supported',
      adminHandsOver: 'Only an administrator can hand a device over to another user',
    },
    verification: {
      serialNotFound: 'No device with this serial number was found',
      alreadyVerified: 'The device is already confirmed',
      archived: 'The device is blocked: it cannot be confirmed',
      notVerifiedYet: 'The device is not confirmed yet: its current connection code is still valid',
      brokerUnavailable: 'The device connection server is temporarily unavailable. Try again in a minute.',
      wrongCode: 'Wrong confirmation code. Attempts left: {{left}}.',
      lockedNow: 'Wrong confirmation code. Too many failed attempts: you can try again in {{minutes}} min.',
    },
    serialTaken: 'A device with this serial number already exists',
    categoryRequired: 'Please choose a device type',
    chooseOwner: 'Choose an owner',
    ownerRequired: "Enter the device's owner",
    locked: 'Too many failed attempts. Try again in {{minutes}} min.',
  },
  users: {
    notFound: 'User not found',
    emailTaken: 'This email is already registered.',
    noSuchRole: 'The chosen role does not exist.',
    chooseRole: 'Choose a role',
    badAvatar: 'Invalid profile picture',
    ownAdminRole: 'You cannot take the administrator role away from yourself.',
    deleteSelf: 'You cannot delete your own account.',
  },
  passwordReset: {
    linkInvalid: 'The password change link is not valid or has expired.',
  },
  profile: {
    lastAdmin:
      'This is the only administrator: first give the admin role to another user, then delete the account.',
  },
  push: {
    endpointNotHttps: "The subscription address must be a push service's address on the internet (https://)",
    serviceNotAllowed: 'This push service is not allowed on this server',
    badKey: 'The p256dh key is not a point on the P-256 curve',
  },
  homeAssistant: {
    notFound: 'There is no Home Assistant connection.',
    notPublic: 'The broker must be reachable from the internet, not on a local network',
    itemNotVisible: 'Device {{id}} is not among yours',
    notAuthorized: 'The broker did not accept the user name or password',
    unreachable: 'Could not connect to the broker: {{error}}',
    lost: 'The connection to the broker was lost: {{error}}',
    commandUnknown: 'Unknown command',
    commandValue: 'The command value does not fit: {{value}}',
    entities: {
      heaterTemp: 'Boiler temperature',
      boilerTemp: 'Hot water temperature',
      gasTemp: 'Flue gas temperature',
      burnerPower: 'Burner power',
      flame: 'Flame',
      workMode: 'Work mode',
      fuelLeft: 'Pellets in the hopper',
      daysLeft: 'Pellets last',
      energyTotal: 'Energy (total)',
      fuelTotal: 'Pellets burned (total)',
      sync: 'Settings sync',
      heater: 'Boiler',
      tank: 'Hot water',
      power: 'Boiler on',
      pumpMode: 'Pump mode',
      alarm: 'Alarm: {{title}}',
    },
    sync: {
      synced: 'Applied',
      pending: 'Waiting for the boiler',
      refused: 'Refused',
    },
  },
  webhooks: {
    notFound: 'Webhook not found.',
    notPublic: 'The webhook address must be an https:// address on the internet, not on a local network',
    itemNotVisible: 'Device {{id}} is not among yours',
    tooMany: 'An account can have at most {{max}} webhooks.',
    disabledAfterFailures:
      'Turned off by the server: {{attempts}} failed attempts in a row, the last: {{error}}',
    mail: {
      subject: 'Teplo: webhook turned off',
      greeting: 'Hello, {{name}}!',
      disabled:
        'The webhook to {{url}} was turned off: Teplo could not deliver events after {{attempts}} attempts in a row.',
      lastError: 'The last error: {{error}}.',
      howToEnable:
        'Check that the address accepts requests and turn the webhook on again in your account settings: {{link}}',
    },
  },
  roles: {
    defaultRoles: 'The standard roles cannot be changed.',
    defaultCategories: 'The standard device types cannot be changed.',
    defaultUsers: 'The standard users cannot be changed.',
    notFound: 'Role not found.',
    nameTaken: 'A role with this name already exists.',
    hasUsers: 'This role has users.',
  },
  serviceSettings: {
    notVerified:
      'The device is not confirmed yet: its service settings can be changed after it first connects',
    archived: 'The device is blocked: its service settings cannot be changed',
  },
  setup: {
    linkInvalid: 'The setup link is not valid or has expired.',
    adminExists: 'There already is an administrator: sign in, or ask them to create an account for you.',
  },
  sharing: {
    invitationInvalid: 'The invitation is not valid: check the link in the email',
    invitationUsed: 'This invitation has already been accepted: the link works only once',
    invitationExpired: 'The invitation has expired: ask the owner to send a new one',
    archived: 'The device is blocked: the invitation cannot be accepted',
    confirmEmailFirst:
      'Confirm your e-mail address (the link in the e-mail sent after sign-up) to accept invitations from the list, or open the link in the invitation e-mail',
    shareNotFound: 'Access not found',
    invitationNotFound: 'Invitation not found',
    ownerAccess: "This is the device's owner: their access cannot be changed",
    alreadyOwner: 'The device already belongs to this account',
    ownAccess: 'You cannot change your own access',
    alreadyShared: 'This user already has access: change their level in the list',
    sendFailed: 'The invitation email could not be sent. Try again later.',
    wrongAccount: 'This invitation was sent to {{email}}: sign in or register with that address to accept it',
    signUpAddress:
      'This invitation was sent to {{email}}: register with that address to accept it, or register without the invitation link',
  },
  tags: {
    notFound: 'Tag not found.',
  },
  twoFactor: {
    challengeExpired: 'The time to confirm the sign-in has run out. Sign in again.',
    passkeyNotVerified: 'The passkey was not confirmed. Try again.',
    passkeyExists: 'This passkey has already been added.',
    passkeyNotFound: 'Passkey not found',
    alreadyOn: 'Two-factor sign-in is already on. To set up a new app, turn it off first.',
    startFirst: 'Start the set-up first: get a new secret key.',
    wrongCode: 'Wrong code. Check the time on your phone and try again.',
    notOn: 'Two-factor sign-in is not on.',
    requiredForRole: 'Your role requires two-factor sign-in. Turn it on in the account settings to continue.',
    enableForSelfFirst:
      'First turn on two-factor sign-in for yourself: otherwise this account would be locked out.',
    passkeyNotForSignIn: 'This passkey does not sign in here. Sign in with your password.',
    tooManyPasskeys: 'You can have at most {{max}} passkeys.',
  },
  errors: {
    invalidValue: 'Invalid value.',
    invalidParameter: 'Invalid parameter.',
    databaseUnavailable: 'The service is temporarily unavailable. Try again in a few seconds.',
    badRequest: 'Bad request.',
    methodNotAllowed: 'This method is not supported here.',
    notAcceptable: 'The server cannot answer in the format asked for.',
    requestTimeout: 'The request took too long to arrive.',
    tooLarge: 'The request is too large.',
    uriTooLong: 'The request address is too long.',
    unsupportedMediaType: 'Unsupported request content type.',
    tooManyRequests: 'Too many requests. Try again a little later.',
    headersTooLarge: 'The request headers are too large.',
    invalidJson: 'The request body is not valid JSON.',
    refused: 'Request refused.',
    internal: 'Something went wrong on the server. Try again later.',
    restarting: 'The server is restarting. Try again in a few seconds.',
  },
  unsubscribe: {
    doneTitle: 'You have unsubscribed from the e-mails',
    doneText:
      'There will be no more e-mails about boiler alarms. Notifications in the app stay; you can turn the e-mails back on in your account settings.',
    badLinkTitle: 'The link is not valid',
    badLinkText:
      'This unsubscribe link is out of date or damaged. You can turn the e-mails off in your account settings.',
  },
  mail: {
    alarm: {
      greeting: 'Hello, {{name}}!',
      what: 'Boiler “{{itemName}}”: {{title}}.',
      when: 'When: {{when}} (Kyiv time).',
      happened: 'What happened: {{description}}',
      action: 'What to do: {{action}}',
      open: 'Open the device: {{link}}',
      watching: 'Teplo watches the boiler for you.',
      unsubscribe: "Don't want these e-mails? Unsubscribe with one click: {{url}}",
    },
    tooMany: 'Too many e-mails in a short time. Try again in {{wait}}.',
    passwordReset: {
      subject: 'Teplo: password change',
      greeting: 'Hello, {{name}}!',
      requested: 'We received a request to change the password of your Teplo account.',
      openLink: 'To set a new password, open the link (it works for {{minutes}} minutes and only once):',
      linkLabel: 'Set a new password',
      linkWorks: 'The link works for {{minutes}} minutes and only once.',
      notYou:
        'If you did not ask to change your password, just ignore this e-mail: your password stays as it is.',
    },
    handover: {
      subject: 'Teplo: a boiler handed over to a new owner',
      owner:
        'The boiler “{{itemName}}” has been handed over to a new owner: it is no longer in your account, and you no longer have access to it.',
      share:
        'The boiler “{{itemName}}” has been handed over to a new owner, so your “{{level}}” access to it has ended.',
      after:
        'If you still need access, ask the new owner to invite you again. If the boiler was handed over without your knowledge, contact the Teplo administrator.',
    },
    sharing: {
      greeting: 'Hello!',
      offerOwner: '{{from}} offers to hand the boiler “{{itemName}}” over to you as its owner.',
      offerShare: '{{from}} invites you to the boiler “{{itemName}}” with “{{level}}” access ({{hint}}).',
      invitation: {
        subject: 'Teplo: an invitation to a boiler',
        handoverSubject: 'Teplo: a boiler handed over to you',
        openLink:
          'To accept, open the link (it works for {{days}} days and only once). If there is no Teplo account for this address yet, sign up with it and the invitation will be accepted:',
        linkLabel: 'Accept the invitation',
        linkWorks:
          'The link works for {{days}} days and only once. If there is no Teplo account for this address yet, sign up with it.',
        notExpected: 'If you did not expect this e-mail, just ignore it.',
      },
      granted: {
        subject: 'Teplo: you have been given access to a boiler',
        line: '{{from}} gave you “{{level}}” access to the boiler “{{itemName}}”.',
        inList: 'The boiler is already in your list of devices:',
        linkLabel: 'Open Teplo',
      },
    },
    accountEmail: {
      greeting: 'Hello, {{name}}!',
      linkWorks: 'The link works for {{days}} days.',
      linkWorksOnce: 'The link works for {{days}} days and only once.',
      verify: {
        subject: 'Teplo: confirm your e-mail address',
        openLink: 'Confirm that {{email}} is your address: open the link (it works for {{days}} days):',
        confirm: 'Confirm that {{email}} is your address.',
        linkLabel: 'Confirm the address',
        why: 'A confirmed address lets you accept boiler invitations sent to it.',
        notYou: 'If you did not create a Teplo account, just ignore this e-mail.',
      },
      change: {
        subject: 'Teplo: confirm your new e-mail address',
        asked: 'You asked to change the address of your Teplo account to {{email}}.',
        openLink:
          'The change takes effect when you open the link (it works for {{days}} days and only once):',
        linkLabel: 'Confirm the new address',
        notYou: 'If you changed nothing, just ignore this e-mail: your address stays as it was.',
      },
      notice: {
        subject: 'Teplo: a change of your account address was requested',
        requested:
          "A change of your Teplo account's address to {{email}} was requested. It takes effect when the link sent to the new address is opened.",
        undo: 'If it was not you, open the link (it works for {{days}} days): the change is cancelled or your address restored, and every session is signed out. Then change your password.',
        undoHtml:
          'If it was not you: {{undoLink}}. The change is cancelled or your address restored, and every session is signed out. Then change your password.',
        undoLinkLabel: 'undo the address change',
      },
    },
  },
  apiTokens: {
    notAllowed: 'An API token cannot do this: it is only possible when signed in to the account.',
    scopeTooLow: 'The API token lacks the «{{scope}}» permission for this.',
    notFound: 'Token not found, or it has already been deleted.',
    tooMany: 'An account can have at most {{max}} API tokens.',
    itemNotVisible: 'Device {{id}} is not among yours.',
    rateLimited: 'Too many requests with this token. Try again in {{wait}}.',
  },
}
