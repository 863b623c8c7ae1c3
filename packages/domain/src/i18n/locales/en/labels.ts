import type { MessagesOf } from '../shape'
import type { labels as uk } from '../uk/labels'

export const labels: MessagesOf<typeof uk> = {
  alarmThreshold: {
    offline: {
      subject: 'Time without connection',
      unit: 'min',
      field: 'No connection, min',
      range: 'From {{min}} to {{max}} min, a whole number',
    },
    overheat: {
      subject: 'Overheating threshold',
      unit: '°C',
      field: 'Overheating, °C',
      range: 'From {{min}} to {{max}} °C',
    },
    frost: {
      subject: 'Freezing threshold',
      unit: '°C',
      field: 'Risk of freezing, °C',
      range: 'From {{min}} to {{max}} °C',
    },
    fuelDays: {
      subject: 'Fuel reserve threshold',
      unit: 'days',
      field: 'Fuel left, days',
      range: 'From {{min}} to {{max}} days, a whole number',
    },
    reorderDays: {
      subject: 'Pellet order reminder',
      unit: 'days',
      field: 'Remind to order pellets, days ahead',
      range: 'From {{min}} to {{max}} days before the last day to order, a whole number',
    },
  },
  workMode: {
    m0: 'Power setup',
    m1: 'Stopped',
    m2: 'Standby',
    m3: 'Burning off',
    m4: 'Going out',
    m5: 'Keeping the fire',
    m6: 'Running with modulation',
    m7: 'Running without modulation',
    m8: 'Ignition',
    m9: 'Stabilising',
    m10: 'Running on wood',
    m11: 'Looking for a flame',
    m12: 'Pause',
    m13: 'Waiting for the grate',
    m14: 'Thermostat',
    m15: 'Cleaning the burner',
    m16: 'Waiting for auto-start',
    m17: 'Pre-cleaning',
    unknown: 'Unknown mode',
  },
  pumpMode: {
    m1: 'Tank + heating',
    m2: 'Tank',
    m3: 'Heating',
    m4: 'Heating + tank',
    unset: 'Not chosen',
  },
  role: {
    admin: 'Administrator',
    creator: 'Installer',
    user: 'Owner',
  },
  access: {
    owner: 'Owner',
    installer: 'Installer',
    operator: 'Control',
    viewer: 'View',
    admin: 'Administrator',
  },
  accessHint: {
    owner: "Everything, including other people's access, handing over and the change log",
    installer: "Control, the device's service data and the change log",
    operator: 'Sees the boiler, changes its settings, switches it on and off',
    viewer: "Only sees the boiler's state and history",
  },
  alarmState: {
    active: 'Active',
    acknowledged: 'Seen',
    cleared: 'Cleared',
  },
  firmwareUpdate: {
    waiting: 'Waiting for the second stage',
    sent: 'Sent, waiting for the device',
    downloading: 'Downloading',
    installing: 'Installing',
    succeeded: 'Updated',
    failed: 'Failed',
  },
  firmwareRollout: {
    running: 'In progress',
    completed: 'Completed',
    halted: 'Stopped after failures in the first stage',
  },
  itemStatus: {
    on: 'On',
    off: 'Off',
    archive: 'Blocked',
    unknown: 'Unknown status',
  },
  itemManagement: {
    on: 'connected',
    off: 'sync off, connected',
    connecting: 'not connected',
    pending: 'waiting for confirmation (code: {{code}})',
  },
  sync: {
    synced: 'Applied',
    pending: 'Waiting for the device',
    refused: 'Refused: {{reason}}',
    unpaired: 'Waiting for the controller to connect',
  },
  fleetAttention: {
    alarm: 'Active alarm',
    refused: 'The boiler refused the settings',
    offline: 'No connection',
    settingsPending: 'Settings waiting for the boiler',
    unpaired: 'Controller not connected yet',
    ok: 'All well',
    archived: 'Blocked',
  },
  setting: {
    heaterTempSet: {
      label: 'Set temperature, °C',
      row: 'Set',
    },
    heaterHysteresis: {
      label: 'Hysteresis, °C',
    },
    boilerTempSet: {
      label: 'Set temperature, °C',
      row: 'Set',
    },
    boilerHysteresis: {
      label: 'Hysteresis, °C',
    },
    gasTempMin: {
      label: 'Minimum temperature, °C',
      row: 'Min',
    },
    gasTempMax: {
      label: 'Maximum temperature, °C',
      row: 'Max',
    },
    burnerPowerSet: {
      label: 'Power, kW',
      row: 'Set',
    },
    burnerMod: {
      label: 'Power modulation',
      row: 'Modulation',
    },
    pumpMode: {
      label: 'Pump mode',
      hint: 'Tank: hot water; heating: the radiators',
    },
  },
  unit: {
    celsius: '°C',
    kilowatt: 'kW',
  },
  serviceGroup: {
    feeder: 'Fuel feeder (auger)',
    fan: 'Fan',
    ignition: 'Ignition',
    cleaning: 'Burner cleaning',
    pumps: 'Pumps',
    fuel: 'Fuel',
  },
  serviceUnit: {
    seconds: 's',
    minutes: 'min',
    percent: '%',
    celsius: '°C',
    kwhPerKg: 'kWh/kg',
  },
  service: {
    feederWork: 'Auger run at {{level}} %',
    feederPause: 'Auger pause at {{level}} %',
    fanSpeed: 'Fan speed at {{level}} %',
    ignitionMaxTime: {
      label: 'Longest ignition time',
      hint: 'With no flame by then, the controller stops the ignition',
    },
    ignitionFanSpeed: {
      label: 'Fan speed during ignition',
    },
    flameThreshold: {
      label: 'Flame detection threshold',
      hint: 'The flame sensor brightness from which the flame counts as lit',
    },
    cleaningInterval: {
      label: 'Cleaning interval',
    },
    cleaningDuration: {
      label: 'Cleaning time',
    },
    pumpStartTemp: {
      label: 'Boiler pump start temperature',
    },
    antifreezeTemp: {
      label: 'Frost protection temperature',
      hint: 'Below it the pumps start so that the water in the system does not freeze',
    },
    fuelCalorificValue: {
      label: 'Fuel calorific value',
      hint: 'The controller works out the burner power from the auger feed with it',
    },
  },
  error: {
    description: {
      E1: 'The burner did not light: no flame appeared during the whole ignition.',
      E2: 'The burner went out while working: for no visible reason, or the flue gas sensor or the flame sensor stopped sending data.',
      E3: 'The boiler water overheated: the sensor reads above 90 °C (the emergency temperature).',
      E4: 'The flue gases overheated: their temperature is above the maximum set in the service menu.',
      E5: 'The pellet inlet overheated: above 80 °C. A possible cause: no draught, or a back draught.',
      E6: 'The hot water tank overheated: its temperature is above the set value.',
      E7: 'The hot water tank temperature sensor is faulty.',
      E8: 'The boiler water temperature sensor is faulty.',
      E9: 'The flue gas temperature sensor is faulty.',
      E10: 'The pellet inlet temperature sensor is missing or damaged.',
      unknown: 'Unknown error',
    },
    action: {
      E1: 'Check that there are pellets in the hopper and that the auger feeds them, clean the ash from the burner and the grate, then start the boiler again. If the error comes back, call the service.',
      E2: 'Check the pellet supply and feed, clean the burner, the flame sensor and the flue gas sensor. If the error comes back, call the service.',
      E3: 'Do not switch the power off: the pumps have to cool the boiler down. Check that the circulation pump works, the valves are open and the system has pressure. Start the boiler only once it has cooled down.',
      E4: 'Check that the heat exchanger and the chimney are clean and the burner power set; start the boiler again once it has cooled down. If the error comes back, call the service.',
      E5: 'Do not open the hopper: the fire may burn back. Check the chimney draught and that the doors close tightly, and call the service before the next start.',
      E6: 'Check the hot water tank temperature set and the pump mode; let the water cool down. If the error comes back, call the service.',
      E7: 'Check the connection of the hot water tank temperature sensor and its cable. The service can replace the sensor.',
      E8: 'Check the connection of the boiler water temperature sensor and its cable. The service can replace the sensor.',
      E9: 'Check the connection of the flue gas sensor and its cable. The service can replace the sensor.',
      E10: 'Check the connection of the pellet inlet sensor: without it the boiler does not work safely. Call the service.',
      unknown: 'Call the service and give them the error code.',
    },
    modeStatus: {
      m0: 'Off',
      m1: 'Heating',
      m2: 'Hot water tank',
      m3: 'Heating + hot water tank',
      unknown: 'Unknown',
    },
  },
  alarm: {
    deviceError: {
      label: 'Boiler error',
      descriptionUnknown: 'The boiler reported error {{code}}.',
    },
    offline: {
      label: 'No connection',
      description: 'The boiler has not been in touch for more than {{threshold}} min.',
      action:
        "Check the boiler's power and the internet connection (router, Wi‑Fi). If everything works and there is still no connection, call the service.",
    },
    overheat: {
      label: 'Boiler water overheating',
      description: 'The boiler water is at {{value}} °C, above the threshold of {{threshold}} °C.',
      action:
        'Do not switch the power off: the pumps have to cool the boiler down. Check the circulation pump, the valves and the system pressure.',
    },
    frost: {
      label: 'Risk of freezing',
      description: 'The boiler water is at {{value}} °C, below the threshold of {{threshold}} °C.',
      action:
        'Check that the boiler works and has pellets. If the boiler will stay off for long, protect the system from freezing.',
    },
    fireOut: {
      label: 'The flame went out',
      description:
        'The boiler is in a heating mode, but the burner is not burning and the water has been cooling for {{minutes}} min.',
      action:
        'Check that there are pellets in the hopper and that the auger feeds them, clean the burner and start the boiler again.',
    },
    fuelReorder: {
      label: 'Time to order pellets',
      description:
        'By the store forecast, order pellets within {{value}} days for the delivery to arrive in time (reminder: {{threshold}} days ahead).',
      action: 'Order pellets and add the delivery on the “Fuel and maintenance” screen.',
    },
    fuelLow: {
      label: 'Running out of fuel',
      description: 'By the estimate, the pellets will last {{value}} days (threshold: {{threshold}} days).',
      action: "Top the hopper up with pellets and record the refill in the device's history.",
    },
    maintenanceDue: {
      label: 'Maintenance due',
      description: '“{{task}}”: it is due by the boiler’s maintenance schedule.',
      action:
        'Do the maintenance (or arrange it with your installer) and mark it “Done” on the “Fuel and maintenance” screen.',
    },
    identityConflict: {
      label: "Two controllers use this device's identity",
      description:
        "Two different controllers take turns connecting with this boiler's credentials ({{takeovers}} connection takeovers within an hour): settings may reach the wrong boiler.",
      action:
        'Call your installer: have them check whether these credentials are installed on a second controller, and pair the boiler again (the controller gets new credentials).',
    },
  },
}
