import { useEffect, useState } from 'react';
import { criarCargaNoGesto } from '../lib/carga-no-gesto';
import type { CampoEntidadeProps } from './CampoEntidade';
import { EntradaAutocompleteLeve } from './entrada-autocomplete-leve';

// The entity Autocomplete loads at the user's first gesture on the page, not with the first screen (issue 23); at
// once when the field already has a type (a shared link, a document being edited), since it must look the entity up.
const cargaCompleto = criarCargaNoGesto(async () => (await import('./CampoEntidade')).CampoEntidade);

/** CampoEntidade, with a read-only stand-in of the same look until it is loaded (disabled, as it is, without type). */
export function CampoEntidadeLeve(props: CampoEntidadeProps) {
  const Completo = cargaCompleto.useModulo();
  const [focado, setFocado] = useState(false);
  const comTipo = props.tipo !== null;
  useEffect(() => {
    if (comTipo) void cargaCompleto.carregar();
  }, [comTipo]);
  if (Completo) return <Completo {...props} focar={focado} />;
  return (
    <EntradaAutocompleteLeve
      {...props}
      texto=""
      desabilitado={!comTipo}
      aoFocar={(foco) => {
        setFocado(foco);
        if (foco) void cargaCompleto.carregar();
      }}
    />
  );
}
