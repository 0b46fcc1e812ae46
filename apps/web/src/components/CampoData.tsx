// The date field every screen uses: the MUI X date picker. The first screens (postal box, search, opening) use
// CampoDataLeve instead, which loads the picker only at the user's first gesture (issues 11 and 23).
export { CampoDataCompleto as CampoData } from './CampoDataCompleto';
