@echo off
rem Launch the desktop lab on Windows: java -jar on the Windows jar (JavaFX for Windows inside).
rem Uses helper-lab-win.jar beside this script (a downloaded copy) or target\helper-lab-win.jar (mvn -Pdist package),
rem else target\helper-lab.jar, built with Maven if missing: built on Windows it holds JavaFX for Windows (JavaFX's
rem own poms, and the dist profile's host-win, pick the natives of the machine that builds). Never the Linux or Mac jar.
rem Extra arguments go to "helper-lab lab" (e.g. --runs-dir DIR).
setlocal
cd /d "%~dp0.."
where java >nul 2>nul
if errorlevel 1 (
  echo scripts\lab.cmd: the lab needs Java 17 or later: install it from https://adoptium.net ^(or winget install EclipseAdoptium.Temurin.17.JRE^), then run this again 1>&2
  exit /b 1
)
set "JAR="
if exist "%~dp0helper-lab-win.jar" set "JAR=%~dp0helper-lab-win.jar"
if exist "target\helper-lab-win.jar" set "JAR=target\helper-lab-win.jar"
if not defined JAR (
  if not exist "target\helper-lab.jar" (
    where mvn >nul 2>nul
    if errorlevel 1 (
      echo scripts\lab.cmd: no lab jar here and no Maven to build one: put helper-lab-win.jar beside this script, 1>&2
      echo or install Maven ^(winget install Apache.Maven^) and run this again 1>&2
      exit /b 1
    )
    echo building target\helper-lab.jar... 1>&2
    call mvn -q -B package -DskipTests
    if errorlevel 1 exit /b 1
  )
  set "JAR=target\helper-lab.jar"
)
java -jar "%JAR%" lab %*
