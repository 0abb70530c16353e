; Inno Setup script for Arle: a per-user installer (no administrator rights) with a Start-menu
; entry, an optional desktop icon, an uninstaller and the game's icon.
;
; packaging/windows/build.ps1 runs it after PyInstaller, passing the version and the paths:
;   iscc /DAppVersion=0.1.0 /DSourceDir=<repo>\build\dist\arle /DOutputDir=<repo>\dist ^
;        /DIconFile=<repo>\build\pyinstaller\arle\icons\arle.ico packaging\windows\arle.iss
; Output: dist\arle-<version>-windows-x64-setup.exe

#ifndef AppVersion
  #error Pass the version: iscc /DAppVersion=<version> (build.ps1 reads it from the installed package)
#endif
#ifndef NumericVersion
  ; Windows version resources take only digits: 0.2.0rc1 -> 0.2.0
  #define NumericVersion "0.0.0"
#endif
#ifndef SourceDir
  #define SourceDir "..\..\build\dist\arle"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif
#ifndef IconFile
  #define IconFile "..\..\build\pyinstaller\arle\icons\arle.ico"
#endif

[Setup]
; The AppId identifies the installation for upgrades and the uninstaller: never change it.
AppId={{F9811887-2DDF-4F51-80E7-614A0C250C38}
AppName=Arle
AppVersion={#AppVersion}
AppVerName=Arle {#AppVersion}
AppPublisher=The Arle developers
AppComments=Fields of Arle for the desktop: hot-seat for two players or solo with undo
VersionInfoVersion={#NumericVersion}
; Per user: installs into %LOCALAPPDATA%\Programs\Arle and the user's Start menu, no UAC prompt.
PrivilegesRequired=lowest
DefaultDirName={autopf}\Arle
DefaultGroupName=Arle
DisableProgramGroupPage=yes
DisableDirPage=auto
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0
OutputDir={#OutputDir}
OutputBaseFilename=arle-{#AppVersion}-windows-x64-setup
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\arle.exe
UninstallDisplayName=Arle
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "german"; MessagesFile: "compiler:Languages\German.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[InstallDelete]
; An upgrade replaces the whole one-dir build: files of the old version must not linger.
Type: filesandordirs; Name: "{app}\_internal"

[Icons]
Name: "{autoprograms}\Arle"; Filename: "{app}\arle.exe"; Comment: "Fields of Arle"
Name: "{autodesktop}\Arle"; Filename: "{app}\arle.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\arle.exe"; Description: "{cm:LaunchProgram,Arle}"; Flags: nowait postinstall skipifsilent
