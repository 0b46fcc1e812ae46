import { Pagina } from '../../components/Pagina';
import { useUsuario } from '../../lib/sessao';
import { camposVazios } from './campos-autuacao';
import { FormularioAutuacao } from './FormularioAutuacao';

export function NovaAutuacaoPage() {
  const usuario = useUsuario();
  return (
    <Pagina
      titulo="Nova autuação"
      descricao="Autue um novo documento ou processo. Ele recebe um número de protocolo (NUP) e fica em criação na sua unidade."
    >
      <FormularioAutuacao
        idDocumento={null}
        valoresIniciais={camposVazios(usuario?.configuracoes.idUnidadeAtual ?? null)}
      />
    </Pagina>
  );
}
