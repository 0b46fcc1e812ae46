// The entity list every screen uses: MUI's Autocomplete. The first screens (postal box, search, opening) use
// SelecaoPorIdLeve instead, which loads the Autocomplete only at the user's first gesture (issues 11 and 23).
export { SelecaoPorIdCompleta as SelecaoPorId } from './SelecaoPorIdCompleta';
