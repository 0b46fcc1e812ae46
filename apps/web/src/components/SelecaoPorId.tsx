// The entity list every screen uses: MUI's Autocomplete. The postal box, the first screen, uses SelecaoPorIdLeve
// instead, which loads the Autocomplete only at the user's first gesture (issue 11).
export { SelecaoPorIdCompleta as SelecaoPorId } from './SelecaoPorIdCompleta';
