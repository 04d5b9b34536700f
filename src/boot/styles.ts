// Every page's style sheets: PrimeReact's theme, the icon font's classes and the app's own rules.
// Each boot imports them first, so they load beside its scripts and hold up no paint: until they
// arrive the page shows index.html's outline of the shell.
import 'primereact/resources/themes/lara-light-green/theme.css';
import 'primeicons/primeicons.css';
import '../styles/global.css';
