// User and machine environment variables set on Windows (PowerShell's [Environment] calls, setx,
// reg add HKCU\Environment): a loader's variable persists code, an opt-out or a locale does not.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit } from './intent-kit.js';

const kit = useShellKit();

describe('persistent environment variables on Windows', () => {
  itRaisesIntents(kit, [
    [
      'sensitive_write',
      [
        "[Environment]::SetEnvironmentVariable('NODE_OPTIONS','--require C:\\Users\\Public\\x.js','User')",
        "[Environment]::SetEnvironmentVariable('DOTNET_STARTUP_HOOKS','C:\\tmp\\hook.dll','User')",
        '[Environment]::SetEnvironmentVariable("COR_PROFILER", "{cf0d821e-299b-5307-a3d8-b283c03916dd}", "Machine")',
        '[Environment]::SetEnvironmentVariable("Path", $env:Path + ";C:\\tools", "User")',
        '[Environment]::SetEnvironmentVariable("HTTPS_PROXY", "http://10.0.0.5:8080", [EnvironmentVariableTarget]::User)',
        '[System.Environment]::SetEnvironmentVariable("PSModulePath", "C:\\x", [System.EnvironmentVariableTarget]::Machine)',
        '[Environment]::SetEnvironmentVariable($n, "1", "User")',
        '[Environment]::SetEnvironmentVariable("JAVA_TOOL_OPTIONS", "-javaagent:C:\\x.jar", $scope)',
        "pwsh -Command \"[Environment]::SetEnvironmentVariable('NODE_OPTIONS','--require x','User')\"",
        "powershell -NoProfile -Command \"[Environment]::SetEnvironmentVariable('PYTHONPATH','C:\\x','User')\"",
        'setx NODE_OPTIONS "--require x"',
        'setx PATH "%PATH%;C:\\tools" /M',
        'setx JAVA_TOOL_OPTIONS -javaagent:C:\\x.jar',
        'setx %NAME% 1',
        'cmd /c setx COR_ENABLE_PROFILING 1',
        'reg add HKCU\\Environment /v NODE_OPTIONS /t REG_SZ /d "--require x" /f',
        'reg add "HKCU\\Environment" /v GIT_SSH_COMMAND /d "ssh -o ProxyCommand=x" /f',
        'Set-ItemProperty -Path HKCU:\\Environment -Name NODE_OPTIONS -Value "--require x"',
        "New-ItemProperty -Path 'HKLM:\\SYSTEM\\CurrentControlSet\\Control\\Session Manager\\Environment' -Name COR_PROFILER_PATH -Value C:\\x.dll",
      ],
      [
        "[Environment]::SetEnvironmentVariable('DOTNET_CLI_TELEMETRY_OPTOUT','1','User')",
        '[Environment]::SetEnvironmentVariable("DOTNET_CLI_TELEMETRY_OPTOUT", "1", "User")',
        '[System.Environment]::SetEnvironmentVariable("POWERSHELL_TELEMETRY_OPTOUT", "1", [System.EnvironmentVariableTarget]::User)',
        '[Environment]::SetEnvironmentVariable("ASPNETCORE_ENVIRONMENT", "Development", "Machine")',
        '[Environment]::SetEnvironmentVariable("NODE_OPTIONS", "--inspect")',
        '[Environment]::SetEnvironmentVariable("NODE_OPTIONS", "--inspect", "Process")',
        '[Environment]::GetEnvironmentVariable("PATH", "User")',
        "pwsh -Command \"[Environment]::SetEnvironmentVariable('DOTNET_CLI_TELEMETRY_OPTOUT','1','User')\"",
        'setx DOTNET_CLI_TELEMETRY_OPTOUT 1',
        'cmd /c setx AZURE_CORE_COLLECT_TELEMETRY 0',
        'reg add "HKCU\\Environment" /v DOTNET_CLI_TELEMETRY_OPTOUT /t REG_SZ /d 1 /f',
        'reg query HKCU\\Environment',
        'New-ItemProperty -Path "HKCU:\\Environment" -Name DOTNET_CLI_TELEMETRY_OPTOUT -Value 1',
      ],
    ],
  ]);
});
