; Inno Setup script: the Windows installer of the one-folder bundle.
; Built by .github/workflows/release.yml on a Windows runner (Inno Setup 6 is there):
;   pyinstaller --noconfirm --distpath dist --workpath build\pyinstaller packaging\aipa.spec
;   iscc /DAppVersion=0.1.0 packaging\windows\aipa.iss
; gives dist\aipa-VERSION-windows-x64-setup.exe. It installs dist\aipa\ (aipaw.exe: the
; window, from the Start menu; aipa.exe: the same commands in a terminal) per user or
; for all users. Uninstalling removes the program only: the user's data in
; %APPDATA%\AIPA stays (README, "Your data").
#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif

[Setup]
AppId={{5B0C5E4E-6F0B-4C8B-9A41-2C7E1D0A1F1A}
AppName=AIPA
AppVersion={#AppVersion}
AppPublisher=AIPA Desktop
AppComments=A local-first desktop agency of LLM agents
DefaultDirName={autopf}\AIPA
DefaultGroupName=AIPA
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
SourceDir=..\..
OutputDir=dist
OutputBaseFilename=aipa-{#AppVersion}-windows-x64-setup
UninstallDisplayIcon={app}\aipaw.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "dist\aipa\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\AIPA"; Filename: "{app}\aipaw.exe"
Name: "{autodesktop}\AIPA"; Filename: "{app}\aipaw.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\aipaw.exe"; Description: "{cm:LaunchProgram,AIPA}"; Flags: nowait postinstall skipifsilent
