import type { ItemFavorito } from '@tramite/shared';
import { useId } from 'react';
import { CampoMarcadores } from '../../components/CampoMarcadores';
import { useMarcadores } from '../../components/estado-marcadores';
import { DialogoFormulario } from '../../components/formulario/DialogoFormulario';

interface DialogoMarcadoresProps {
  favorito: ItemFavorito;
  ocupado: boolean;
  aoSalvar: (tags: string[]) => void;
  aoCancelar: () => void;
}

/**
 * Untag or retag a favourite: the tags as chips (Enter or comma adds one, the chip's delete removes it), saved
 * together. The same typing rules (and the same tag editor) as the document screen's.
 */
export function DialogoMarcadores({ favorito, ocupado, aoSalvar, aoCancelar }: DialogoMarcadoresProps) {
  const id = useId();
  const marcadores = useMarcadores(favorito.tagsFavorito);
  return (
    <DialogoFormulario
      titulo="Marcadores do favorito"
      descricao={`Documento ${favorito.numero}. Só você vê os seus marcadores; eles também aparecem na página do documento.`}
      largura="sm"
      testId="dialogo-marcadores"
      aoEnviar={(evento) => {
        evento.preventDefault();
        aoSalvar(marcadores.concluir());
      }}
      aoCancelar={aoCancelar}
      enviando={ocupado}
      bloquearCancelar
      rotuloEnviar="Salvar marcadores"
    >
      <CampoMarcadores
        estado={marcadores}
        id={`${id}-marcadores`}
        disabled={ocupado}
        autoFocus
        helperText="Digite um marcador e tecle Enter (ou vírgula) para incluí-lo; remova um marcador pelo seu x."
      />
    </DialogoFormulario>
  );
}
