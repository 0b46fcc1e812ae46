// The date field every screen uses: the MUI X date picker. The postal box, the first screen, uses CampoDataLeve
// instead, which loads the picker only at the user's first gesture (issue 11: first screen under 250 KB).
export { CampoDataCompleto as CampoData } from './CampoDataCompleto';
