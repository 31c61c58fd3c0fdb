// Adding one's own account to a device group next to the group changes that grant root, another
// account or more.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit } from './intent-kit.js';

const kit = useShellKit();

describe('device groups for the caller', () => {
  itRaisesIntents(kit, [
    [
      'privilege_change',
      [
        'sudo usermod -aG docker $USER',
        'sudo usermod -aG sudo $USER',
        'sudo usermod -aG wheel "$USER"',
        'sudo usermod -aG dialout,adm $USER',
        'sudo usermod -aG input $USER',
        'sudo usermod -aG dialout mallory',
        'sudo usermod -G dialout $USER',
        'sudo usermod -aG dialout -s /bin/sh $USER',
        'sudo gpasswd -a $USER docker',
        'sudo adduser $USER disk',
        'sudo usermod -aG shadow $(whoami)',
        'sudo usermod -aG dialout root',
      ],
      [
        'sudo usermod -aG dialout $USER && echo "log out and back in for serial port access"',
        'sudo usermod -a -G dialout,plugdev "$USER"',
        'sudo usermod --append --groups video,render ${USER}',
        'sudo usermod -aG kvm $(whoami)',
        'sudo gpasswd -a $USER plugdev',
        'sudo adduser $USER dialout',
        'doas usermod -aG uucp $USER',
      ],
    ],
  ]);
});
