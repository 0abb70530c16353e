# Build Arle's Windows installer and a portable zip from this checkout:
#   dist\arle-<version>-windows-x64-setup.exe   (Inno Setup, per user, Start-menu entry, uninstaller)
#   dist\arle-<version>-windows-x64.zip         (the one-dir build: unzip anywhere, run arle.exe)
#
#   powershell -ExecutionPolicy Bypass -File packaging\windows\build.ps1 [-Python py] [-Venv build\venv]
#                                                                          [-SkipInstallTest]
#
# Makes a build venv, installs the locked build tools and dependencies
# (packaging\requirements-build.txt) and the game (not editable) into it, freezes the game
# with packaging\arle.spec, runs `arle.exe --self-test`, installs Inno Setup when iscc is missing
# (Chocolatey, else winget), compiles packaging\windows\arle.iss, then installs the result silently
# into a temporary folder, runs the installed copy's self-test and uninstalls it again.
#
# arle.exe is a windowed program without a console: its self-test result line is written to
# %TEMP%\arle-self-test.txt, which this script prints.
param(
    [string]$Python = "python",
    [string]$Venv = "build\venv",
    [switch]$SkipInstallTest
)
$ErrorActionPreference = "Stop"
$repo = (Resolve-Path "$PSScriptRoot\..\..").Path
Set-Location $repo
$started = Get-Date

function Invoke-Checked([string]$exe, [string[]]$arguments) {
    & $exe @arguments
    if ($LASTEXITCODE -ne 0) { throw "$exe $($arguments -join ' ') failed with exit code $LASTEXITCODE" }
}

function Invoke-SelfTest([string]$exe) {
    $report = Join-Path $env:TEMP "arle-self-test.txt"
    Remove-Item $report -ErrorAction SilentlyContinue
    $env:QT_QPA_PLATFORM = "offscreen"
    $process = Start-Process -FilePath $exe -ArgumentList "--self-test" -Wait -PassThru -NoNewWindow
    Remove-Item Env:\QT_QPA_PLATFORM
    if (Test-Path $report) { Get-Content $report } else { Write-Host "(no self-test report written)" }
    if ($process.ExitCode -ne 0) { throw "$exe --self-test failed with exit code $($process.ExitCode)" }
}

# --- build venv with PyInstaller and the game itself -------------------------------------------------
if (-not (Test-Path "$Venv\Scripts\python.exe")) {
    Write-Host "== creating build venv $Venv"
    Invoke-Checked $Python @("-m", "venv", $Venv)
}
$py = (Resolve-Path "$Venv\Scripts\python.exe").Path
$env:PIP_DISABLE_PIP_VERSION_CHECK = "1"
# Locked versions with their hashes (packaging\requirements-build.txt); the game itself without
# dependencies or build isolation, so nothing unlocked is fetched; pip check proves the lock fits.
Invoke-Checked $py @("-m", "pip", "install", "-q", "--require-hashes", "-r", "packaging\requirements-build.txt")
Invoke-Checked $py @("-m", "pip", "install", "-q", "--force-reinstall", "--no-deps", "--no-build-isolation", ".")
Invoke-Checked $py @("-m", "pip", "check")
$version = (& $py -c "from importlib.metadata import version; print(version('arle'))").Trim()
$numeric = [regex]::Match($version, '^\d+(\.\d+){0,3}').Value
Write-Host "== arle $version"

# --- freeze and self-test ----------------------------------------------------------------------------
Remove-Item -Recurse -Force build\dist, build\pyinstaller -ErrorAction SilentlyContinue
Invoke-Checked (Join-Path (Split-Path $py) "pyinstaller.exe") @("--noconfirm", "--log-level", "WARN",
    "--distpath", "build\dist", "--workpath", "build\pyinstaller", "packaging\arle.spec")
$app = Join-Path $repo "build\dist\arle"
Write-Host "== self-test of the one-dir build"
Invoke-SelfTest (Join-Path $app "arle.exe")

# --- Inno Setup --------------------------------------------------------------------------------------
function Find-Iscc {
    $cmd = Get-Command iscc -ErrorAction SilentlyContinue
    if ($cmd) { return $cmd.Source }
    foreach ($dir in @("${env:ProgramFiles(x86)}\Inno Setup 6", "$env:ProgramFiles\Inno Setup 6",
                       "$env:LOCALAPPDATA\Programs\Inno Setup 6")) {
        if (Test-Path "$dir\ISCC.exe") { return "$dir\ISCC.exe" }
    }
    return $null
}
$iscc = Find-Iscc
if (-not $iscc) {
    Write-Host "== installing Inno Setup"
    if (Get-Command choco -ErrorAction SilentlyContinue) {
        Invoke-Checked "choco" @("install", "innosetup", "-y", "--no-progress")
    } else {
        Invoke-Checked "winget" @("install", "--id", "JRSoftware.InnoSetup", "-e", "--silent",
            "--accept-package-agreements", "--accept-source-agreements")
    }
    $iscc = Find-Iscc
    if (-not $iscc) { throw "Inno Setup was installed but ISCC.exe is not found" }
}
New-Item -ItemType Directory -Force dist | Out-Null
$icon = Join-Path $repo "build\pyinstaller\arle\icons\arle.ico"
Invoke-Checked $iscc @("/Qp", "/DAppVersion=$version", "/DNumericVersion=$numeric", "/DSourceDir=$app",
    "/DOutputDir=$repo\dist", "/DIconFile=$icon", "packaging\windows\arle.iss")
$setup = Join-Path $repo "dist\arle-$version-windows-x64-setup.exe"
Write-Host "== built $setup"

# --- portable zip ------------------------------------------------------------------------------------
$zip = Join-Path $repo "dist\arle-$version-windows-x64.zip"
Remove-Item $zip -ErrorAction SilentlyContinue
Compress-Archive -Path $app -DestinationPath $zip
Write-Host "== built $zip"

# --- install silently, self-test the installed copy, uninstall -----------------------------------------
if (-not $SkipInstallTest) {
    $target = Join-Path $env:TEMP "arle-install-test"
    Remove-Item -Recurse -Force $target -ErrorAction SilentlyContinue
    Write-Host "== installing into $target"
    $install = Start-Process -FilePath $setup -Wait -PassThru -ArgumentList @(
        "/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART", "/DIR=`"$target`"")
    if ($install.ExitCode -ne 0) { throw "the installer failed with exit code $($install.ExitCode)" }
    $menu = Join-Path $env:APPDATA "Microsoft\Windows\Start Menu\Programs\Arle.lnk"
    if (-not (Test-Path $menu)) { throw "no Start-menu entry at $menu" }
    Invoke-SelfTest (Join-Path $target "arle.exe")
    $uninstall = Start-Process -FilePath (Join-Path $target "unins000.exe") -Wait -PassThru `
        -ArgumentList @("/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART")
    if ($uninstall.ExitCode -ne 0) { throw "the uninstaller failed with exit code $($uninstall.ExitCode)" }
    Start-Sleep -Seconds 2  # the uninstaller removes its own files from a copy of itself
    if (Test-Path (Join-Path $target "arle.exe")) { throw "the uninstaller left arle.exe behind" }
    if (Test-Path $menu) { throw "the uninstaller left the Start-menu entry behind" }
    Write-Host "== installed, self-tested and uninstalled"
}

$elapsed = [int]((Get-Date) - $started).TotalSeconds
Write-Host "== done in ${elapsed}s"
Get-ChildItem dist | Format-Table Name, Length
